import fs from "node:fs";
import path from "node:path";
import { allowConsoleErrors, expect, expectAccessible, hydrated, signIn, test } from "./helpers";

/**
 * Reproduction requests (issue 32 §3, decision 099), the journey: a researcher asks for a reproduction from a
 * record's image; a manager approves it on the Registro Richieste (/requests); the researcher opens the link the
 * approval mailed and downloads the watermarked file before the link expires; an approved request whose date is
 * past (scripts/e2e-seed.ts sets its expiry in the past through the database: the server's clock cannot be moved
 * from here) answers 410 Gone with a page saying so and offering to ask again. The demo turns requests on with a
 * test address: the mails are read from the outbox.
 */

const RESEARCHER = "e2e-requests@example.org";
const MANAGER = "e2e-manager@example.org";
const EXPIRED_TOKEN = "e2e-expired-reproduction-link-0000000000000000";
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? "./data-e2e", "outbox");

const decode = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .split(/(=[0-9A-F]{2})/)
      .flatMap((part) => (/^=[0-9A-F]{2}$/.test(part) ? [Number.parseInt(part.slice(1), 16)] : [...Buffer.from(part)])),
  ).toString("utf8");

const mailsTo = (to: string) =>
  fs.existsSync(OUTBOX)
    ? fs
        .readdirSync(OUTBOX)
        .sort()
        .map((f) => decode(fs.readFileSync(path.join(OUTBOX, f), "utf8")))
        .filter((m) => m.toLowerCase().includes(`\nto: ${to}\n`))
    : [];

test("a researcher asks for a reproduction, a manager approves it, the link serves the file until its date, then 410", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const before = mailsTo(RESEARCHER).length;
  const officeBefore = mailsTo("riproduzioni@example.org").length;

  // the researcher, from the record's image
  await signIn(page, RESEARCHER);
  await page.goto("/oggetti/5");
  await hydrated(page);
  await page.getByRole("link", { name: "Richiedi una riproduzione" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Richiedi una riproduzione" })).toBeVisible();
  await expectAccessible(page);
  // bad input changes nothing: the terms not accepted (the browser's own check bypassed)
  await page.locator("form[method=post]").evaluate((f) => f.setAttribute("novalidate", ""));
  allowConsoleErrors(page, /status of 400/);
  await page.getByRole("radio", { name: "Pubblicazione" }).check();
  await page.getByRole("textbox", { name: "Note" }).fill("Catalogo della mostra sulla seta, 2027.");
  await page.getByRole("button", { name: "Invia la richiesta" }).click();
  await expect(page.getByText("Per inviare la richiesta devi accettare le condizioni.")).toBeVisible();
  await expect(page.getByRole("link", { name: /condizioni per le riproduzioni/ })).toHaveAttribute("href", "/condizioni-riproduzioni");
  await page.getByRole("checkbox", { name: /Accetto le/ }).check();
  await page.getByRole("button", { name: "Invia la richiesta" }).click();
  await expect(page).toHaveURL(/\/account\/requests\?done=/);
  await expect(page.getByText("Richiesta inviata")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Pubblicazione" });
  await expect(row.getByText("In attesa", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await expect.poll(() => mailsTo(RESEARCHER).length, { timeout: 15_000 }).toBe(before + 1);
  expect(mailsTo("riproduzioni@example.org").length).toBe(officeBefore + 1);
  expect(mailsTo(RESEARCHER).at(-1)).toContain("abbiamo ricevuto la tua richiesta di riproduzione");

  // the manager, on the register, in three languages
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, MANAGER);
  for (const prefix of ["/en", "/fr", ""]) {
    await manager.goto(`${prefix}/requests`);
    await hydrated(manager);
    await expectAccessible(manager);
  }
  await expect(manager.getByRole("heading", { level: 1, name: "Registro Richieste" })).toBeVisible();
  const pending = manager.getByRole("row").filter({ hasText: "Catalogo della mostra sulla seta" });
  await expect(pending.getByText("In attesa", { exact: true })).toBeVisible();
  await expect(pending.getByRole("radio", { name: "Con filigrana" })).toBeChecked();
  await pending.getByRole("button", { name: /^Approva/ }).click();
  await expect(manager.getByText("Richiesta approvata: il link è stato inviato al richiedente.")).toBeVisible();
  await expect(
    manager.getByRole("row").filter({ hasText: "Catalogo della mostra sulla seta" }).getByText("Approvata", { exact: true }),
  ).toBeVisible();
  await managerContext.close();

  // the researcher: the link from the mail, before its date
  await expect.poll(() => mailsTo(RESEARCHER).length, { timeout: 15_000 }).toBe(before + 2);
  const mail = mailsTo(RESEARCHER).at(-1)!;
  expect(mail).toContain("la tua richiesta di riproduzione è stata approvata");
  const link = /https?:\/\/[^\s"<]+(\/richieste\/scarica\/[\w-]+)/.exec(mail)![1]!;
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "La tua riproduzione" })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica la riproduzione" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  const file = await page.request.get(`${link}/file`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/jpeg");

  // another user: not found
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signIn(other, MANAGER);
  allowConsoleErrors(other, /status of 404/);
  expect((await other.goto(link))?.status()).toBe(404);
  await otherContext.close();

  // past its date: 410 Gone, the page says so and offers to ask again, in three languages
  allowConsoleErrors(page, /status of 410/);
  for (const [prefix, title, again] of [
    ["", "Il link è scaduto", "Chiedi di nuovo"],
    ["/en", "The link has expired", "Ask again"],
    ["/fr", "Le lien a expiré", "Demander à nouveau"],
  ] as const) {
    const gone = await page.goto(`${prefix}/richieste/scarica/${EXPIRED_TOKEN}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("link", { name: again })).toHaveAttribute("href", new RegExp(`^${prefix}/richieste/nuova\\?media=\\d+$`));
    await expectAccessible(page);
  }
  expect((await page.request.get(`/richieste/scarica/${EXPIRED_TOKEN}/file`)).status()).toBe(410);
});
