import crypto from "node:crypto";
import { redirect, type ServerBuild } from "react-router";
import type { TecaLoadContext } from "../context";
import { databaseUnavailable } from "../errors";
import { isDatabaseUnavailable } from "../db-errors";
import type { CapabilityName } from "~/lib/capabilities";
import { localizePath, splitLocale } from "~/lib/locale";
import { levelHas } from "./capabilities";
import { isRefusal, Refusal, refusalAnswer } from "./refusal";

/**
 * The route guard (spec §6, decision 040). Every route module declares the capability it needs in its
 * `handle` (`{ capability: "PUBLIC" }`); a module that declares none is PRIVATE. PUBLIC lets everyone in. The server build's loaders
 * and actions are wrapped once, so the check runs before the route's own code for pages, their client-side
 * data requests and resource routes alike:
 * - a visitor without the capability is sent to the login page with `redirect` (302), or gets 401 from a
 *   resource route (the API);
 * - a signed-in user without it gets the 404 page (or a 404 from the API): nothing says the page exists.
 * Actions also check the form token when the cross-site guard asked for it (a form post without Origin).
 *
 * The same wrapper answers the services' refusals (refusal.ts: a `Refusal` thrown by a loader or an action,
 * e.g. by `requireCapability`) the way it answers its own: the 404 page, or the API's 404 JSON.
 */
export type RouteHandle = { capability?: CapabilityName; layout?: string };

type Module = NonNullable<ServerBuild["routes"][string]>["module"];
type Args = { request: Request; context: TecaLoadContext; url?: URL };
type Fn = (args: Args) => unknown;

export function requiredCapability(module: Module): CapabilityName {
  return ((module as { handle?: RouteHandle }).handle?.capability as CapabilityName | undefined) ?? "PRIVATE";
}

/** The login page of the URL's language, asked to come back to `target`. */
export function loginRedirectPath(target: URL): string {
  // The interface language: a further one (/de) reads the Italian content but has its own login page.
  const { ui } = splitLocale(target.pathname);
  return `${localizePath("/login", ui)}?redirect=${encodeURIComponent(target.pathname + target.search)}`;
}

function refuse(args: Args, resource: boolean): never {
  const url = args.url ?? new URL(args.request.url);
  if (args.context.viewer.kind === "anonymous") {
    if (resource)
      throw Response.json({ error: { code: 401, message: "Unauthorized" } }, { status: 401, headers: { "Cache-Control": "no-store" } });
    throw redirect(loginRedirectPath(url), 302);
  }
  throw refusalAnswer(new Refusal(404), resource);
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

async function checkFormToken(args: Args) {
  const auth = args.context.auth;
  if (!auth?.formTokenRequired) return;
  let sent = "";
  try {
    sent = String((await args.request.clone().formData()).get("csrf") ?? "");
  } catch {
    sent = "";
  }
  if (!auth.csrfCookie || !sent || !sameToken(sent, auth.csrfCookie))
    throw new Response("Forbidden: cross-site request", {
      status: 403,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
    });
}

function guardModule(module: Module): Module {
  const need = requiredCapability(module);
  const resource = !module.default;
  // PUBLIC is everyone's: a signed-in user's level need not carry the visitors' bit.
  const allowed = (args: Args) => need === "PUBLIC" || levelHas(args.context.viewer, need);
  const loader = module.loader as Fn | undefined;
  const action = module.action as Fn | undefined;
  return {
    ...module,
    loader: async (args: Args) => {
      if (!allowed(args)) refuse(args, resource);
      return loader ? whileAvailable(() => loader(args), resource) : null;
    },
    action: action
      ? async (args: Args) => {
          if (!allowed(args)) refuse(args, resource);
          await checkFormToken(args);
          return whileAvailable(() => action(args), resource);
        }
      : undefined,
  } as Module;
}

/**
 * A database that cannot be reached answers 503 "come back in a moment", not a 500 (issue 11); a service's
 * refusal answers its status (refusal.ts), mapped here once for every route.
 */
async function whileAvailable<T>(run: () => T, resource: boolean): Promise<Awaited<T>> {
  try {
    return await run();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseUnavailable(resource);
    if (isRefusal(error)) throw refusalAnswer(error, resource);
    throw error;
  }
}

/** The root layout's loader: not a page (no capability), but it reads the database too. */
function guardRoot(module: Module): Module {
  const loader = module.loader as Fn | undefined;
  return loader ? ({ ...module, loader: (args: Args) => whileAvailable(() => loader(args), false) } as Module) : module;
}

const guarded = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader and action behind the guard (the root layout is not a page). */
export function guardBuild(build: ServerBuild): ServerBuild {
  const known = guarded.get(build);
  if (known) return known;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    routes[id] = !route ? route : { ...route, module: id === "root" ? guardRoot(route.module) : guardModule(route.module) };
  }
  const result = { ...build, routes };
  guarded.set(build, result);
  return result;
}
