import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any unknown path: a real 404 status rendered by the error page. */
export async function loader() {
  throw data({ code: 404, messageKey: "error.notFound" }, { status: 404 });
}

export default function NotFound() {
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: "404" }, { name: "robots", content: "noindex" }];
