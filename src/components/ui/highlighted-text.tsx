import { splitByMatches } from "@/lib/match-ranges";

/** The text with each part that matches the search query marked. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  if (!query.trim()) return <>{text}</>;
  return (
    <>
      {splitByMatches(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-gray-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
