/** "신한카드 4242-42**-****-4242": the line may break after the card's name, never inside its number. */
export function CardLabel({ label }: { label: string }) {
  const split = label.lastIndexOf(' ');
  if (split < 0) return <span className="nowrap">{label}</span>;
  return (
    <>
      {label.slice(0, split + 1)}
      <span className="nowrap">{label.slice(split + 1)}</span>
    </>
  );
}
