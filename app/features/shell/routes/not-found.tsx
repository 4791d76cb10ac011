import type { Route } from "./+types/not-found";
import { notFound } from "~/.server/errors";

/** Open to every visitor (route guard, decision 040). */
export const handle = { capability: "PUBLIC" };

/** Any unknown path: a real 404 status rendered by the error page. */
export async function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "404" }, { name: "robots", content: "noindex" }];
