import { useState } from "react";
import { thumbnailSize, type Video } from "~/content/videos";
import { Icon } from "./icon";

/**
 * A click-to-load facade: a local thumbnail and a play button. Nothing is requested from another
 * origin until the visitor presses play; then a youtube-nocookie iframe takes the thumbnail's place,
 * in the same 16:9 box (no layout shift). A video without an id shows "Coming soon" and no button.
 */
export function VideoEmbed({ video, priority = false }: { video: Video; priority?: boolean }) {
  const [playing, setPlaying] = useState(false);
  const frame = "relative aspect-video overflow-hidden rounded-xl bg-ink-950";

  if (video.youtubeId && playing) {
    return (
      <div className={frame}>
        <iframe
          className="absolute inset-0 size-full"
          src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`}
          title={video.title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const image = (
    <img
      src={video.thumbnail}
      alt=""
      width={thumbnailSize.width}
      height={thumbnailSize.height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
    />
  );

  if (!video.youtubeId) {
    return (
      <div className={frame}>
        {image}
        <span className="absolute inset-0 bg-ink-950/45" />
        <span className="absolute top-3 left-3 rounded-full bg-ink-950/90 px-3 py-1 text-xs font-extrabold uppercase tracking-wide text-gold-400">
          Coming soon
        </span>
      </div>
    );
  }

  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className={`group block w-full ${frame}`}
      aria-label={`Play video: ${video.title}`}
      data-video-facade={video.youtubeId}
    >
      {image}
      <span className="absolute inset-0 bg-gradient-to-t from-ink-950/70 via-transparent to-transparent" />
      <span className="absolute top-1/2 left-1/2 grid size-16 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-ember-500 text-ink-950 shadow-glow transition-transform duration-200 group-hover:scale-110 motion-reduce:transition-none">
        <Icon name="play" className="ml-1 size-7 fill-current" />
      </span>
    </button>
  );
}
