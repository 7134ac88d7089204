// The demo plan (an hourly period) is offered only while the emulator is the service: a real
// customer never sees nor subscribes to it, while a subscription already on it still renews.
import { describe, expect, it } from 'vitest';
import { findOfferedPlan, findPlan, offeredPlans } from './plans';

describe('plans on offer', () => {
  it('include the hourly demo plan against the emulator (loopback), on any of its addresses', () => {
    for (const url of ['http://127.0.0.1:4010', 'http://localhost:4100', 'http://[::1]:4010']) {
      expect(offeredPlans(url).map((plan) => plan.id)).toContain('hourly-demo');
      expect(findOfferedPlan('hourly-demo', url)?.period).toEqual({ seconds: 3600 });
    }
  });

  it('leave it out against the real service; existing subscriptions still find it', () => {
    const real = 'https://api.iamport.kr';
    expect(offeredPlans(real).map((plan) => plan.id)).toEqual(['monthly-beans', 'tasting-club']);
    expect(findOfferedPlan('hourly-demo', real)).toBeUndefined();
    expect(findPlan('hourly-demo')?.name).toBe('데모 플랜');
  });
});
