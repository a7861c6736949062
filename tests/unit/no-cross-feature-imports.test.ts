import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';

import rule from '../../eslint/no-cross-feature-imports.js';

// RuleTester reports through the test framework's hooks (typed in eslint only as instance-less statics).
Object.assign(RuleTester, { afterAll, describe, it });

const inFeature = (feature: string, file = 'widget.tsx') => path.join(process.cwd(), 'src', 'features', feature, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('no-cross-feature-imports', rule, {
  valid: [
    { filename: inFeature('complaints'), code: "import { x } from './complaints-card';" },
    { filename: inFeature('complaints'), code: "import { x } from '@/features/complaints/recent';" },
    { filename: inFeature('complaints'), code: "import { Button } from '@/ui/button';" },
    {
      filename: path.join(process.cwd(), 'src', 'app', 'pages', 'home-page.tsx'),
      code: "import { C } from '@/features/complaints/complaints-card';",
    },
  ],
  invalid: [
    {
      filename: inFeature('complaints'),
      code: "import { C } from '@/features/next-ferry/next-ferry-card';",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: inFeature('complaints'),
      code: "import { C } from '../next-ferry/next-ferry-card';",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: inFeature('complaints'),
      code: "export { C } from '@/features/store/cart';",
      errors: [{ messageId: 'cross' }],
    },
    {
      filename: inFeature('complaints'),
      code: "const m = import('@/features/help/help-page');",
      errors: [{ messageId: 'cross' }],
    },
  ],
});
