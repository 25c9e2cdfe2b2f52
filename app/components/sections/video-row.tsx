import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { SectionHeading } from "~/components/ui/section-heading";
import type { Video } from "~/content/videos";
import { VideoCard } from "./video-card";

/** Three videos in a row with a link to the hub (home). */
export function VideoRow({
  id,
  eyebrow,
  title,
  videos,
  link,
}: {
  id: string;
  eyebrow: string;
  title: string;
  videos: readonly Video[];
  link: { label: string; to: string };
}) {
  return (
    <section aria-labelledby={id} className="render-when-near container-page py-16 sm:py-24">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} />
        <Link
          to={link.to}
          prefetch="intent"
          className="inline-flex min-h-12 items-center gap-2 font-extrabold uppercase tracking-wide text-ember-400 hover:text-ember-300"
        >
          {link.label}
          <Icon name="arrow" className="size-5" />
        </Link>
      </div>
      <div className="mt-10 grid gap-8 md:grid-cols-3">
        {videos.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </div>
    </section>
  );
}
