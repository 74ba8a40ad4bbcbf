// The table in a real browser: Debian's Chromium, driven by playwright-core (no browser is
// downloaded). For every variant it plays hands against the bots by clicking until one is
// played to a settlement, tries a card the rules refuse and checks the refusal names its rule,
// checks the settlement table adds up, and saves a screenshot. Then: a sealed hand, a saved
// record loaded back and stepped through, and a server on another origin that allows the page
// (--cors-origins) and one that refuses it.
//
//   node test/browser.mjs --page URL --cross-server URL --refusing-server URL --out DIR
//
// CHROMIUM names the browser (default /usr/bin/chromium).

import { chromium } from "playwright-core";
import { mkdir, readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import assert from "node:assert/strict";

const { values: args } = parseArgs({
  options: {
    page: { type: "string" },
    "cross-server": { type: "string" },
    "refusing-server": { type: "string" },
    out: { type: "string", default: "test-output" },
    variant: { type: "string" },
  },
});
assert.ok(args.page, "--page URL is required");

const RULE = /^[A-Z]{2,3}-[A-Z]+-\d+[a-z]?$/;
const HAND_TIMEOUT_MS = 120_000;

// A small seeded generator, so that a failing run's choices can be replayed.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const random = rng(Number(process.env.SEED ?? 20261127));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
await mkdir(args.out, { recursive: true });

/** A new page on `url`, failing the run on any error the page throws. */
async function open(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on("pageerror", (e) => {
    throw new Error(`the page threw: ${e.message}`);
  });
  await page.goto(url);
  return page;
}

/** Waits until the page is idle and either the player is to act or the hand is settled. */
async function settledOrMyTurn(page) {
  await page.waitForFunction(
    () => {
      const table = document.getElementById("table");
      if (!table || table.getAttribute("aria-busy") === "true") return false;
      if (!document.getElementById("error")?.hidden) return true;
      if (table.dataset.over === "true") return true;
      return document.querySelector("#hand button.card.legal, #moves button.move") !== null;
    },
    null,
    { timeout: HAND_TIMEOUT_MS, polling: 25 },
  );
  const error = page.locator("#error");
  if (await error.isVisible()) throw new Error(`the page shows an error: ${await error.textContent()}`);
  return (await page.locator("#table").getAttribute("data-over")) === "true";
}

/** Clicks a card the rules refuse, if the hand holds one now, and checks the refusal. */
async function tryRefusedCard(page) {
  const phase = await page.locator("#status").getAttribute("data-phase");
  if (phase !== "PLAY" && phase !== "DISCARD") return null;
  const refused = page.locator('#hand button.card[data-legal="false"]');
  if ((await refused.count()) === 0) return null;
  const card = await refused.first().getAttribute("data-card");
  const actionsBefore = await page.locator("#actions li").count();
  await refused.first().click();
  await page.locator("#refusal:not([hidden])").waitFor({ timeout: 10_000 });
  const rule = await page.locator("#refusal").getAttribute("data-rule");
  const text = await page.locator("#refusal").textContent();
  assert.match(rule ?? "", RULE, `a refused ${card} shows a rule id, got ${text}`);
  assert.ok(text.length > rule.length + 5, `the refusal explains the rule: ${text}`);
  assert.equal(await page.locator("#actions li").count(), actionsBefore, "a refused card changes nothing");
  return { card, rule, text };
}

/** Plays one legal card with the keyboard alone (arrows, then Enter), if the hand has one. */
async function playByKeyboard(page) {
  const legal = await page.locator("#hand button.card.legal").count();
  const cards = await page.locator("#hand button.card").count();
  if (legal === 0) return false;
  const before = await page.locator("#actions li").count();
  for (let i = 0; i < cards; i++) {
    await page.keyboard.press("ArrowRight");
    if (await page.evaluate(() => document.activeElement?.dataset.legal === "true")) break;
  }
  const card = await page.evaluate(() => document.activeElement?.dataset.card);
  assert.ok(card, "the arrow keys move along the hand");
  await page.keyboard.press("Enter");
  await page.waitForFunction(
    (b) => document.querySelectorAll("#actions li").length > b || document.getElementById("table")?.dataset.over === "true",
    before,
  );
  return true;
}

/** Plays the player's seat by clicking a random legal card or move, until the hand is settled. */
async function playHand(page, tries) {
  for (;;) {
    if (await settledOrMyTurn(page)) return;
    if (!tries.refusal) tries.refusal = await tryRefusedCard(page);
    if (tries.midHand && (await page.locator("#current-trick li").count()) >= 2) {
      await page.screenshot({ path: tries.midHand, fullPage: true });
      tries.midHand = null;
    }
    if (!tries.keyboard && (await playByKeyboard(page))) {
      tries.keyboard = true;
      continue;
    }
    const choices = page.locator("#hand button.card.legal, #moves button.move");
    const n = await choices.count();
    assert.ok(n > 0, "the player is to act and has a legal move");
    const before = await page.locator("#actions li").count();
    await choices.nth(Math.floor(random() * n)).click();
    await page.waitForFunction(
      (b) =>
        document.querySelectorAll("#actions li").length > b ||
        document.getElementById("table")?.dataset.over === "true" ||
        !document.getElementById("error")?.hidden,
      before,
      { timeout: HAND_TIMEOUT_MS },
    );
  }
}

/** Reads the settlement table and checks it adds up; returns its numbers. */
async function checkSettlement(page) {
  const s = await page.evaluate(() => {
    const section = document.getElementById("settlement");
    const nums = (row, cls) => [...row.querySelectorAll(`td.${cls}`)].map((td) => BigInt(td.dataset.value));
    return {
      scoring: section?.dataset.scoring,
      lines: [...(section?.querySelectorAll("tr.line") ?? [])].map((tr) => ({
        label: tr.querySelector("th")?.textContent,
        payments: nums(tr, "payment").map(String),
        pots: nums(tr, "pot").map(String),
      })),
      totals: [...(section?.querySelectorAll("tr.totals td.total") ?? [])].map((td) => td.dataset.value),
      match: [...(section?.querySelectorAll("tr.match td.match-total") ?? [])].map((td) => td.dataset.value),
    };
  });
  assert.ok(s.scoring, "a settlement is shown");
  const seats = s.totals.length;
  const columnSums = Array(seats).fill(0n);
  for (const line of s.lines) {
    line.payments.forEach((p, i) => (columnSums[i] += BigInt(p)));
    if (s.scoring === "PAYMENTS") {
      const sum = [...line.payments, ...line.pots].reduce((a, b) => a + BigInt(b), 0n);
      assert.equal(sum, 0n, `the line "${line.label}" sums to zero with the pots`);
    }
  }
  assert.deepEqual(columnSums.map(String), s.totals, "each seat's total is the sum of its lines");
  if (s.scoring === "PAYMENTS") {
    const linesPots = s.lines.flatMap((l) => l.pots).reduce((a, b) => a + BigInt(b), 0n);
    const total = s.totals.reduce((a, b) => a + BigInt(b), 0n);
    assert.equal(total + linesPots, 0n, "the totals sum to zero with what went into the pots");
  }
  return s;
}

/** Starts a game of `variant` on an open page; plays hands until one is played to a settlement. */
async function playVariant(page, variant, { sealed = false, midHand = null, hands = 1 } = {}) {
  await page.selectOption("#variant", variant);
  await page.fill("#delay", "0");
  await page.setChecked("#sealed", sealed);
  await page.click("#new-game");
  const tries = { refusal: null, keyboard: false, midHand };
  let before = null; // the match totals after the last hand
  for (let deal = 1; ; deal++) {
    await playHand(page, tries);
    const s = await checkSettlement(page);
    const expected = (before ?? s.totals.map(() => "0")).map((t, i) => String(BigInt(t) + BigInt(s.totals[i])));
    assert.deepEqual(s.match, expected, "the match totals add this hand to those before it");
    before = s.match;
    const played = await page.locator("#status .end").textContent();
    if ((/played/.test(played) && tries.refusal && deal >= hands) || deal >= 6 + hands) {
      assert.ok(tries.refusal, `a card the rules refuse was tried in ${deal} deals`);
      return { deals: deal, settlement: s, refusal: tries.refusal, keyboard: tries.keyboard, end: played };
    }
    // Thrown in, passed out, or no card refused yet: the next deal, as a player would.
    await page.click("#next-deal");
  }
}

/** The page, talking to the server at `server`. */
function pageFor(server) {
  const url = new URL(args.page);
  url.searchParams.set("server", server);
  return url.toString();
}

const failures = [];
let passed = 0;
async function check(name, f) {
  const started = Date.now();
  try {
    const detail = await f();
    passed++;
    console.log(`ok   ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ""}`);
  } catch (e) {
    failures.push(name);
    console.log(`FAIL ${name}: ${e.stack ?? e}`);
  }
}

const page = await open(args.page);
await page.locator("body[data-ready=true]").waitFor();
const variants = await page.locator("#variant option").evaluateAll((os) => os.map((o) => o.value));
assert.ok(variants.length >= 6, `the page lists every variant (${variants.join(", ")})`);
for (const variant of variants.filter((v) => !args.variant || v === args.variant)) {
  await check(`a hand of ${variant}`, async () => {
    const r = await playVariant(page, variant, { midHand: `${args.out}/${variant}-trick.png` });
    await page.screenshot({ path: `${args.out}/${variant}.png`, fullPage: true });
    const refusal = `refused ${r.refusal.card}: ${r.refusal.rule}`;
    assert.ok(r.keyboard, "a card was played with the keyboard");
    return `${r.deals} deal(s), ${r.end}, ${r.settlement.lines.length} settlement lines, ${refusal}`;
  });
}
await check("save, load and step through a finished hand", async () => {
  const download = page.waitForEvent("download");
  await page.click("#save");
  const path = await (await download).path();
  const saved = JSON.parse(await readFile(path, "utf8"));
  assert.ok(saved.variant && Array.isArray(saved.actions), "the saved file is a GameRecord in protobuf JSON");
  const fresh = await open(args.page);
  await fresh.locator("body[data-ready=true]").waitFor();
  await fresh.setInputFiles("#load", path);
  assert.equal(await settledOrMyTurn(fresh), true, "the loaded hand is over and settled");
  const n = saved.actions.length;
  await fresh.locator("#replay-at").waitFor();
  assert.equal(await fresh.locator("#replay-at").textContent(), `${n} of ${n} actions`);
  await fresh.keyboard.press("[");
  await fresh.waitForFunction((want) => document.getElementById("replay-at")?.textContent === want, `${n - 1} of ${n} actions`);
  await fresh.locator("#step-back").click();
  await fresh.waitForFunction((want) => document.getElementById("replay-at")?.textContent === want, `${n - 2} of ${n} actions`);
  const shown = await fresh.locator("#actions li").count();
  assert.equal(shown, n - 2, "the replay shows the hand as it stood");
  await fresh.context().close();
  return `${saved.variant}, ${n} actions`;
});

await check("rule options reach the record, and the rules are listed", async () => {
  const page = await open(args.page);
  await page.locator("body[data-ready=true]").waitFor();
  await page.selectOption("#variant", "danish-tarok");
  await page.locator("#options summary").click();
  await page.check('[data-option="call_for_fool"]');
  await page.selectOption('[data-option="fool_endplay"]', "before_last_two");
  await page.fill("#delay", "0");
  await page.click("#new-game");
  await settledOrMyTurn(page);
  const download = page.waitForEvent("download");
  await page.click("#save");
  const saved = JSON.parse(await readFile(await (await download).path(), "utf8"));
  const options = Object.fromEntries((saved.options ?? []).map((o) => [o.name, o.value]));
  assert.deepEqual(options, { call_for_fool: "true", fool_endplay: "before_last_two" });
  const rules = await page.locator("#rules li").count();
  assert.ok(rules > 50, `${rules} rules listed`);
  assert.equal(await page.locator('#rules li[data-rule="DK-PLAY-15"]').count(), 1);
  await page.context().close();
  return `${rules} rules`;
});

await check("the table speaks the game's language", async () => {
  const magyar = await open(args.page);
  await magyar.locator("body[data-ready=true]").waitFor();
  await magyar.selectOption("#variant", "hungarian-illustrated");
  await magyar.selectOption("#language", "hu");
  await magyar.fill("#delay", "0");
  await magyar.click("#new-game");
  await settledOrMyTurn(magyar);
  const phase = await magyar.locator("#status .phase").textContent();
  const phases = ["kezdés", "licit", "hívás", "talon", "skartolás", "bedobás", "bemondások", "lejátszás", "vége"];
  assert.ok(phases.some((p) => phase === `Phase: ${p}`), `a Hungarian phase: ${phase}`);
  const names = await magyar.locator("#hand button.card").evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label")));
  assert.ok(names.length > 0 && names.every((n) => n && !n.split(",")[0].includes(" of ")), `Hungarian card names: ${names}`);
  const tries = { refusal: null, keyboard: true, midHand: null };
  await playHand(magyar, tries);
  await magyar.context().close();
  return `${phase}; ${names.slice(0, 3).join("; ")}${tries.refusal ? `; ${tries.refusal.rule}: ${tries.refusal.text}` : ""}`;
});

await check("a sealed match shows only the player's seat, its totals running", async () => {
  const sealed = await open(args.page);
  await sealed.locator("body[data-ready=true]").waitFor();
  const r = await playVariant(sealed, variants[0], { sealed: true, hands: 2 });
  assert.match(await sealed.locator("#mode").textContent(), /Sealed/);
  assert.equal(await sealed.locator("#save").isDisabled(), true, "a sealed record is not saved");
  await sealed.screenshot({ path: `${args.out}/sealed.png`, fullPage: true });
  await sealed.context().close();
  return `${r.deals} deal(s), ${r.end}`;
});

if (args["cross-server"]) {
  await check("a server on another origin that allows the page", async () => {
    const cross = await open(pageFor(args["cross-server"]));
    await cross.locator("body[data-ready=true]").waitFor();
    await cross.click("#new-game");
    await settledOrMyTurn(cross);
    await cross.context().close();
  });
}
if (args["refusing-server"]) {
  await check("a server on another origin that refuses the page", async () => {
    const refused = await open(pageFor(args["refusing-server"]));
    await refused.locator("#error:not([hidden])").waitFor();
    const text = await refused.locator("#error").textContent();
    assert.match(text, /--cors-origins/, `the page says how to allow it: ${text}`);
    await refused.context().close();
    return text;
  });
}

await browser.close();
console.log(`screenshots in ${args.out}`);
console.log(`${passed} passed, ${failures.length} failed${failures.length ? `: ${failures.join("; ")}` : ""}`);
if (failures.length > 0) process.exit(1);
