import { data } from "react-router";
import { NOT_FOUND_TITLE, NotFound } from "~/components/sections/not-found";
import { brand } from "~/content/site";

/** Every path no other route matches: HTTP 404 and the spec's 404 page. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [
  { title: `${NOT_FOUND_TITLE} | ${brand.name}` },
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}
