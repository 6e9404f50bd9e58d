/**
 * What `file_search` searches in the sandbox (spec 4.4 "Tool shapes"): the files uploaded to the
 * gateway account. The spec shows no upload route, so the sandbox's account holds a fixed set of
 * small text files of its own (sandbox/README.md, "Tool use"), searched by the words of the
 * prompt; nothing comes from the web. They are kept here as text, not as files beside the code,
 * so the sandbox embedded in the built studio (one bundle) has them too.
 */

export interface AccountFile {
  name: string;
  /** As the common responses API names an uploaded file. */
  id: string;
  text: string;
}

const file = (name: string, text: string): AccountFile => ({ name, id: `file-sandbox-${name.replace(/\.[a-z]+$/, '')}`, text: text.trim() });

export const ACCOUNT_FILES: readonly AccountFile[] = [
  file('brand-guide.md', `
# Brand guide: Northwind Coffee
Brand colours: roast brown #4B2E2A, crema #F3E3C3 and a single accent of teal #2A9D8F.
Typeface: Fraunces for headings, Inter for body text; never more than two weights on one page.
Voice: warm, plain and short; we say "coffee", never "beverage solutions".
Logo: keep clear space of one cup-height around it; never place it on the teal accent.
`),
  file('lighting-setup.md', `
# Lighting setup for the product shots
Key light: a 120 cm softbox at 45 degrees to the camera's left, raised to the same angle above the cup.
Fill light: a white bounce card on the right, about two stops under the key.
Back light: a gridded strip light behind the cup for a rim on the steam.
Colour temperature: 5600 K on every light; no mixed daylight from the window.
`),
  file('shot-list.md', `
# Shot list: 30-second spot
1. Beans pouring into the grinder, slow motion, 2 seconds.
2. Espresso shot pulling, macro lens, 4 seconds.
3. Latte art being poured, top-down, 5 seconds.
4. Customer's first sip by the window, medium close-up, 6 seconds.
5. Logo on the crema background with the tagline, 3 seconds.
`),
  file('client-brief.md', `
# Client brief
Client: Northwind Coffee. Deliverables: one 30-second video, three stills, one 6-second cut-down.
Audience: commuters aged 25-40 who buy coffee on the way to work.
Deadline: final cut due on the 14th; stills two days earlier.
Budget: generation costs capped at 300 CNY for the whole project.
`),
];

/** Words too common to find a file by, and the words that ask for the search itself. */
const IGNORED = new Set(('the and for with that this what which where when how does did are was were has have had from into '
  + 'about any all can could would should you your our their its his her them they there then than please tell find '
  + 'search searched look file files document documents doc docs file_search my mine upload uploaded account').split(' '));

const wordsOf = (text: string) => (text.toLowerCase().match(/[a-z0-9]+(?:[-_][a-z0-9]+)*/g) ?? []);

/** A word of the prompt matches a word of the text as it is or with a plural `s` either way. */
const same = (asked: string, word: string) => word === asked || word === `${asked}s` || `${word}s` === asked;

function matched(asked: readonly string[], text: string): Set<string> {
  const words = wordsOf(text);
  return new Set(asked.filter((a) => words.some((w) => same(a, w))));
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The lines of a text answer that used file_search: each file that holds words of the query (most
 * such words first, at most three) cited by name and id with its best line, or that none matched.
 */
export function fileSearchLines(query: string, files: readonly AccountFile[] = ACCOUNT_FILES): string[] {
  const q = clip(oneLine(query), 80);
  const asked = [...new Set(wordsOf(query).filter((w) => w.length >= 3 && !IGNORED.has(w)))];
  const hits = files
    .map((f, order) => {
      const lines = f.text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
      const scored = lines.map((line) => ({ line, score: matched(asked, line).size }));
      const best = scored.reduce((a, b) => (b.score > a.score ? b : a), { line: '', score: 0 });
      return { f, order, score: matched(asked, f.text).size, best: best.line };
    })
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, 3);
  const head = `Searched the files on this gateway account (file_search) for "${q}"`;
  if (!hits.length) return [`${head}: no file matched. The account holds ${files.map((f) => f.name).join(', ')}.`];
  return [
    `${head}: ${hits.length} of ${files.length} files match.`,
    ...hits.map((h) => `- ${h.f.name} (${h.f.id}): "${clip(oneLine(h.best), 200)}"`),
  ];
}
