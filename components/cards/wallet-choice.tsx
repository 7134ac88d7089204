'use client';
import { PayMethodMark } from '@/components/payments/pay-method-mark';
import { PAY_METHOD_NAMES, WALLETS, type Wallet } from '@/lib/payments/client';

interface Props {
  value: Wallet | undefined;
  onChange(wallet: Wallet): void;
  disabled?: boolean;
}

/**
 * 등록할 간편결제: one radio per wallet, tiles of equal size with its mark and name, none chosen
 * until the customer chooses (a native radio group: arrow keys move the choice, the legend names it).
 */
export function WalletChoice({ value, onChange, disabled }: Props) {
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0" disabled={disabled}>
      <legend className="mb-2 p-0 font-bold">등록할 간편결제</legend>
      <div className="grid grid-cols-3 gap-2">
        {WALLETS.map((wallet) => (
          <label
            key={wallet}
            className="flex min-h-12 cursor-pointer flex-col items-center justify-center gap-1.5 rounded-md border border-line bg-white px-1.5 py-2 text-center text-sm has-[:checked]:border-accent has-[:checked]:bg-[#eef3ff] has-[:checked]:font-bold has-[:disabled]:cursor-default sm:flex-row sm:gap-2"
          >
            <input
              type="radio"
              name="wallet"
              value={wallet}
              checked={value === wallet}
              onChange={() => onChange(wallet)}
              className="sr-only"
            />
            <PayMethodMark method={wallet} size={24} />
            <span className="min-w-0">{PAY_METHOD_NAMES[wallet]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
