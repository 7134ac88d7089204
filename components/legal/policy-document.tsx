import type { PolicySection } from '@/lib/legal/client';

/** A policy's sections as an article: headings, paragraphs and, where it helps, a table. */
export function PolicyDocument({ sections }: { sections: readonly PolicySection[] }) {
  return (
    <div className="flex flex-col gap-6">
      {sections.map((section) => (
        <section key={section.heading} aria-labelledby={headingId(section.heading)}>
          <h2 id={headingId(section.heading)}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.table && <PolicyTable rows={section.table} caption={section.heading} />}
        </section>
      ))}
    </div>
  );
}

const headingId = (heading: string) => `policy-${heading.split('.')[0]}`;

function PolicyTable({ rows, caption }: { rows: string[][]; caption: string }) {
  const [header, ...body] = rows;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse bg-white text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {header?.map((cell) => (
              <th key={cell} scope="col" className="border border-line bg-bg p-2 text-left">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row) => (
            <tr key={row.join('|')}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={cell} scope="row" className="border border-line p-2 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={cell} className="border border-line p-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
