// The server test kit lives in tests/kit/server: app.ts builds the app, actor.ts signs in.
export * from '../kit/server/app';
export { newRider, newRiderCookie, sessionCookieFrom, signInBackOffice } from '../kit/server/actor';
