// The delivery switch, for testing receivers: deliver each notification twice, late, or not at
// all. Global or per merchant (a merchant's setting wins), for the next `count` notifications or
// until changed. Held in memory only and cleared by a reset: it is a test aid, not service state.
import { invalid } from '../core/wire/errors';
import { type Body, optionalInteger, optionalText, requiredText } from '../core/wire/fields';

export const SWITCH_MODES = ['normal', 'twice', 'delay', 'drop'] as const;
export type SwitchMode = (typeof SWITCH_MODES)[number];

export interface SwitchSetting {
  /** null: every merchant without its own setting. */
  merchant_code: string | null;
  mode: SwitchMode;
  /** delay: real milliseconds to wait before sending (the clock advance waits too). */
  delay_ms: number;
  /** delay: virtual seconds before the first attempt (sent when the clock gets there). */
  delay_seconds: number;
  /** Notifications left before the switch returns to normal; null: until changed. */
  remaining: number | null;
}

/** A real-time delay is bounded so that a clock advance still answers soon. */
export const MAX_DELAY_MS = 30_000;

const NORMAL: SwitchSetting = { merchant_code: null, mode: 'normal', delay_ms: 0, delay_seconds: 0, remaining: null };

export class WebhookSwitches {
  private readonly settings = new Map<string | null, SwitchSetting>();

  /** Reads a setting from a control-API body; `known` says whether a merchant code exists. */
  set(body: Body, known: (code: string) => boolean): SwitchSetting {
    const mode = requiredText(body, 'mode', {
      pattern: new RegExp(`^(${SWITCH_MODES.join('|')})$`),
      format: SWITCH_MODES.join(' | '),
    }) as SwitchMode;
    const code = optionalText(body, 'merchant_code');
    if (code !== null && !known(code)) throw invalid('merchant_code', `등록되지 않은 가맹점입니다: ${code}`);
    const delayMs = optionalInteger(body, 'delay_ms') ?? 0;
    const delaySeconds = optionalInteger(body, 'delay_seconds') ?? 0;
    if (delayMs < 0 || delayMs > MAX_DELAY_MS) throw invalid('delay_ms', `0 이상 ${MAX_DELAY_MS} 이하여야 합니다.`);
    if (delaySeconds < 0) throw invalid('delay_seconds', '0 이상이어야 합니다.');
    if (mode === 'delay' && delayMs === 0 && delaySeconds === 0)
      throw invalid('delay_ms', 'delay에는 delay_ms 또는 delay_seconds가 필요합니다.');
    const count = optionalInteger(body, 'count');
    if (count !== null && count < 1) throw invalid('count', '1 이상이어야 합니다.');
    const setting: SwitchSetting = {
      merchant_code: code,
      mode,
      delay_ms: mode === 'delay' ? delayMs : 0,
      delay_seconds: mode === 'delay' ? delaySeconds : 0,
      remaining: count,
    };
    if (mode === 'normal') this.settings.delete(code);
    else this.settings.set(code, setting);
    return { ...setting };
  }

  list(): SwitchSetting[] {
    return [...this.settings.values()].map((s) => ({ ...s }));
  }

  clear(): void {
    this.settings.clear();
  }

  /** The setting for one notification of a merchant, used up by one when counted. */
  take(merchantCode: string): SwitchSetting {
    const key = this.settings.has(merchantCode) ? merchantCode : null;
    const setting = this.settings.get(key);
    if (!setting) return NORMAL;
    if (setting.remaining !== null) {
      setting.remaining -= 1;
      if (setting.remaining === 0) this.settings.delete(key);
    }
    return { ...setting };
  }
}
