/**
 * Pass verification at the booth (/staff/verify): scan the rider's QR with the device camera where
 * the browser has a BarcodeDetector, or type/paste the code. The server checks the signature, the
 * pass's status and its validity window and answers valid / rejected / expired / not yet valid.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { verifyPass } from '@/domain/contracts/exception-passes';
import {
  PASS_ROUTE_LABELS,
  PASS_TYPE_LABELS,
  VERIFY_OUTCOME_LABELS,
  type PassVerification,
} from '@/domain/exception-pass';
import { formatTerminalTime } from '@/domain/time';
import { backOfficeCall, errorMessage } from '@/lib/back-office-call';
import { Button } from '@/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { fieldClass } from '@/ui/field';
import { PageHeader } from '@/ui/page-header';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorCtor | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
}

const SCAN_EVERY_MS = 300;

function when(iso: string): string {
  return formatTerminalTime(iso, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        const detector = new Detector({ formats: ['qr_code'] });
        timer = setInterval(() => {
          if (!video.current) return;
          detector
            .detect(video.current)
            .then((codes) => {
              const first = codes[0];
              if (first) onCode(first.rawValue);
            })
            .catch(() => undefined);
        }, SCAN_EVERY_MS);
      })
      .catch(() => setError('The camera is not available; type the code instead.'));
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);
  return (
    <div className="flex flex-col gap-2">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera preview for scanning a pass"
        className="aspect-square w-full max-w-xs rounded-md bg-black"
      />
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}

export function VerifyPassPage() {
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<PassVerification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const canScan = barcodeDetector() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';

  async function check(value: string) {
    setError(null);
    try {
      setVerdict(await backOfficeCall(verifyPass, { body: { code: value.trim() } }));
    } catch (e) {
      setVerdict(null);
      setError(errorMessage(e));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim()) void check(code);
  }

  const onScanned = (value: string) => {
    setScanning(false);
    setCode(value);
    void check(value);
  };

  const tone = verdict?.outcome === 'valid' ? 'border-success bg-success/10' : 'border-destructive bg-destructive/10';
  return (
    <>
      <PageHeader title="Verify Exception Pass" backTo="/staff/dashboard" backLabel="Back to the Staff Dashboard" />
      <div className="mx-auto flex w-full min-w-0 max-w-xl flex-col gap-4 px-4 pb-8 [overflow-wrap:anywhere]">
        {canScan ? (
          <Button variant="outline" className="w-fit" onClick={() => setScanning((s) => !s)}>
            {scanning ? 'Stop camera' : 'Scan with camera'}
          </Button>
        ) : null}
        {scanning ? <Scanner onCode={onScanned} /> : null}
        <form onSubmit={onSubmit} className="flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Pass code
            <textarea
              className={`${fieldClass} min-h-20 py-2 font-mono text-sm`}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </label>
          <Button type="submit" className="w-fit">
            Verify
          </Button>
        </form>
        {error ? <p className="text-sm text-destructive">{error}</p> : null}
        {verdict ? (
          <Card className={`border-2 ${tone}`} role="status" aria-label="Verification result">
            <CardHeader>
              <CardTitle>{VERIFY_OUTCOME_LABELS[verdict.outcome]}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm">
              <p>{verdict.message}</p>
              {verdict.pass ? (
                <>
                  <p>
                    {PASS_TYPE_LABELS[verdict.pass.passType]} pass {verdict.pass.id} for {verdict.pass.rider}
                  </p>
                  <p>{PASS_ROUTE_LABELS[verdict.pass.route]}</p>
                  <p>
                    Departs {when(verdict.pass.departureTime)} · valid {when(verdict.pass.validFrom)} –{' '}
                    {when(verdict.pass.validUntil)}
                  </p>
                  <p>{verdict.pass.description}</p>
                </>
              ) : null}
            </CardContent>
          </Card>
        ) : null}
      </div>
    </>
  );
}
