import { Link } from "react-router";
import type { Block, Inline } from "~/content/rich-text";
import { TEXT_LINK } from "./text-link";

function InlineRun({ part }: { part: Inline }) {
  if (typeof part === "string") return part;
  if ("strong" in part) return <strong className="font-extrabold text-white">{part.text}</strong>;
  // Site paths go through the router (no full reload); mailto: and other sites are plain anchors.
  return part.to.startsWith("/") ? (
    <Link to={part.to} className={TEXT_LINK}>
      {part.text}
    </Link>
  ) : (
    <a href={part.to} className={TEXT_LINK}>
      {part.text}
    </a>
  );
}

export function InlineText({ parts }: { parts: readonly Inline[] }) {
  return parts.map((part, index) => (
    // The runs of a paragraph are static copy that never reorders: the position is the identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: static copy, rendered in order.
    <InlineRun key={index} part={part} />
  ));
}

function BlockView({ block }: { block: Block }) {
  if ("p" in block) {
    return (
      <p>
        <InlineText parts={block.p} />
      </p>
    );
  }
  if ("notice" in block) {
    return (
      <p className="rounded-xl border border-white/10 border-l-4 border-l-ember-500 bg-ink-800 p-5 text-ink-100">
        <InlineText parts={block.notice} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-ember-400">
      {block.list.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy, rendered in order.
        <li key={index}>
          <InlineText parts={item} />
        </li>
      ))}
    </ul>
  );
}

/** Paragraphs, lists and notices from content/rich-text.ts, spaced for reading. */
export function RichTextBlocks({ blocks, className = "" }: { blocks: readonly Block[]; className?: string }) {
  return (
    <div className={`space-y-4 ${className}`}>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static copy, rendered in order.
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}
