import { VideoEmbed } from "~/components/ui/video-embed";
import { notAffiliated, type Video } from "~/content/videos";

/** A video with its title, duration, description and, for outside videos, its source and that it is not ours. */
export function VideoCard({ video, headingLevel = 3 }: { video: Video; headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex flex-col gap-4">
      <VideoEmbed video={video} />
      <div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-bold uppercase tracking-wider text-ink-300">
          <span>{video.duration}</span>
          {video.source ? <span className="text-ember-400">{video.source}</span> : null}
        </p>
        <Heading className="mt-2 text-lg font-extrabold leading-snug text-white">{video.title}</Heading>
        <p className="mt-2 text-sm leading-relaxed text-ink-200">{video.description}</p>
        {video.source ? <p className="mt-2 text-xs text-ink-300">{notAffiliated(video.source)}</p> : null}
      </div>
    </article>
  );
}
