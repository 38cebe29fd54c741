// The Daily view: the day's challenges (each a link that opens it), the month's calendar marking
// the days with challenges done, the run of days, the month's badge, and a share text that gives
// nothing away, copied with one button. `/?daily=YYYY-MM-DD` opens it on that day.

import { challengesOf } from "../net/daily.js";
import * as challenges from "../state/challenges.js";
import { sharesOf } from "../state/results.js";
import { today } from "../state/dealing.js";
import { goalText, shareText, stepText } from "../text/goal-text.js";
import { language, t, variantName } from "../text/i18n.js";
import { dayText } from "../view/screen.js";

const $ = (id) => document.getElementById(id);
const two = (n) => String(n).padStart(2, "0");
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** deps: daily (daily-play.js), variants() (the session's list). */
export function createDailyDialog({ daily, variants }) {
  let shown = today(); // the day listed
  let month = shown.slice(0, 7); // the month of the calendar

  async function open(date = null) {
    if (date && DATE.test(date) && !Number.isNaN(Date.parse(date))) shown = date;
    else if (daily.playing()) shown = challenges.dateOf(daily.playing().id); // the day of the one in play
    month = shown.slice(0, 7);
    $("daily-note").textContent = "";
    await draw();
    if (!$("daily-dialog").open) $("daily-dialog").showModal();
  }

  async function draw() {
    const c = challenges.load();
    $("daily-title").textContent = `${t("chalTitle")} \u00b7 ${dayText(shown)}`;
    const playing = daily.playing();
    $("daily-playing").hidden = !playing;
    if (playing) $("daily-way").hidden = !challenges.mayShowWay(c, playing.id);
    const day = shown;
    const making = challengesOf(day);
    drawMaking(day);
    const list = await making;
    if (day !== shown) return; // another day was chosen while this one was made
    drawList(c, list);
    drawCalendar(c);
    const streak = challenges.streak(c, today());
    $("daily-streak").textContent = `${t("chalStreak", { count: streak })} (${t("chalBestStreak", { n: c.best })})`;
    const done = Object.values(challenges.doneInMonth(c, month)).reduce((a, b) => a + b, 0);
    const badge = challenges.badge(c, month);
    $("daily-badge").textContent = badge ? t("chalBadgeHave", { badge: t("chalBadge")[badge], n: done }) : t("chalBadgeNone", { n: done });
    $("daily-badge").dataset.badge = badge ?? "";
    const link = new URL(`?daily=${shown}`, location.href).href; // the day's list, for a friend to play
    $("daily-share-text").textContent = list ? shareText(challenges.shareFacts(c, shown, list, today()), dayText(shown), link) : "";
    $("daily-copy").disabled = !list;
  }

  /** Until the day's challenges are there (a day the release has no file for is made by the
   *  solver's worker, a second or so): the list says so, and is busy. */
  function drawMaking(day) {
    const item = document.createElement("li");
    item.textContent = t("chalMaking", { date: dayText(day) });
    $("daily-list").replaceChildren(item);
    $("daily-list").setAttribute("aria-busy", "true");
  }

  function drawList(c, list) {
    $("daily-list").removeAttribute("aria-busy");
    const box = $("daily-list");
    if (!list) {
      const none = document.createElement("li");
      none.textContent = t("chalNone", { date: dayText(shown) });
      box.replaceChildren(none);
      return;
    }
    box.replaceChildren(...list.map((ch) => {
      const item = document.createElement("li");
      item.dataset.challenge = ch.id;
      const link = document.createElement("a");
      link.href = `?daily=${shown}&challenge=${ch.id.split("-").pop()}`;
      const variant = variants().find((v) => v.id === ch.variant);
      link.textContent = `${stepText(ch)} \u00b7 ${variant ? variantName(variant) : ch.variant}: ${goalText(ch.goal)}`;
      link.addEventListener("click", (event) => {
        event.preventDefault();
        $("daily-dialog").close();
        daily.open(ch);
      });
      item.append(link);
      if (daily.playing()?.id === ch.id) { // the one on the table: said, as the calendar's today
        link.setAttribute("aria-current", "true");
        const now = document.createElement("small");
        now.className = "in-play";
        now.textContent = ` ▶ ${t("chalInPlay")}`;
        item.append(now);
      }
      if (challenges.isDone(c, ch.id)) {
        item.classList.add("done");
        const done = document.createElement("small");
        done.textContent = ` \u2713 ${t("chalDoneIn", { count: c.done[ch.id].moves })}`;
        item.append(done);
      } else if (challenges.isMissed(c, ch.id)) {
        item.classList.add("missed");
        const missed = document.createElement("small");
        missed.textContent = ` \u2717 ${t("chalMissedMark")}`;
        item.append(missed);
      }
      return item;
    }));
    showShares(shown);
  }

  /** Shared results only: beside each challenge, the share of players who met its goal and, for one
   *  the player tried, where they stand ("better than 63%"). */
  function showShares(day) {
    sharesOf(day).then((shares) => {
      if (day !== shown) return;
      for (const item of $("daily-list").children) {
        if (!(item.dataset.challenge in shares)) continue;
        const met = document.createElement("small");
        met.className = "met";
        const { met: share, better } = shares[item.dataset.challenge];
        met.textContent = ` \u00b7 ${t("chalMetShare", { share: Math.round(share * 100) })}`;
        if (better !== null) met.textContent += ` \u00b7 ${t("chalBetter", { share: Math.round(better * 100) })}`;
        item.append(met);
      }
    }, () => {}); // no server, or it is down: the list shows no shares
  }

  function drawCalendar(c) {
    const [y, m] = month.split("-").map(Number);
    const first = new Date(y, m - 1, 1);
    const days = new Date(y, m, 0).getDate();
    $("daily-month").textContent = first.toLocaleDateString(language(), { month: "long", year: "numeric" });
    const done = challenges.doneInMonth(c, month);
    const grid = $("daily-calendar");
    grid.setAttribute("aria-label", t("chalCalendar", { month: $("daily-month").textContent }));
    const head = document.createElement("tr");
    for (let d = 0; d < 7; d++) {
      const th = document.createElement("th");
      th.textContent = new Date(2024, 0, 1 + d).toLocaleDateString(language(), { weekday: "narrow" }); // a Monday first
      head.append(th);
    }
    const rows = [head];
    let row = document.createElement("tr");
    for (let k = 0; k < (first.getDay() + 6) % 7; k++) row.append(document.createElement("td"));
    for (let d = 1; d <= days; d++) {
      const date = `${month}-${two(d)}`;
      const cell = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = String(d);
      button.dataset.date = date;
      if (done[date]) {
        button.classList.add("done");
        button.title = `${done[date]} \u2713`;
        button.setAttribute("aria-label", `${dayText(date)}: ${done[date]} \u2713`);
      }
      if (date === today()) button.classList.add("today");
      if (date === shown) button.setAttribute("aria-current", "date");
      button.addEventListener("click", () => {
        shown = date;
        draw();
      });
      cell.append(button);
      row.append(cell);
      if (row.children.length === 7) {
        rows.push(row);
        row = document.createElement("tr");
      }
    }
    if (row.children.length) rows.push(row);
    grid.replaceChildren(...rows);
  }

  function stepMonth(delta) {
    const [y, m] = month.split("-").map(Number);
    const next = new Date(y, m - 1 + delta, 1);
    month = `${next.getFullYear()}-${two(next.getMonth() + 1)}`;
    drawCalendar(challenges.load());
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText($("daily-share-text").textContent);
      $("daily-note").textContent = t("chalCopied");
    } catch {
      $("daily-note").textContent = t("chalCopyFailed");
    }
  }

  function bind() {
    $("daily-prev").addEventListener("click", () => stepMonth(-1));
    $("daily-next").addEventListener("click", () => stepMonth(1));
    $("daily-copy").addEventListener("click", copy);
    const closing = (action) => () => {
      $("daily-dialog").close();
      action();
    };
    $("daily-giveup").addEventListener("click", closing(daily.giveUp));
    $("daily-way").addEventListener("click", closing(daily.showWay));
    $("daily-back").addEventListener("click", closing(daily.leave));
  }

  /** The count of today's challenges not done yet, on the Daily control (and More, and its
   *  button there): nothing when none waits or the day has none. */
  async function drawWaiting() {
    const list = (await challengesOf(today())) ?? [];
    const c = challenges.load();
    const count = list.filter((ch) => !challenges.isDone(c, ch.id)).length;
    for (const badge of document.querySelectorAll(".waiting")) {
      badge.hidden = count === 0;
      badge.textContent = String(count);
    }
    for (const said of document.querySelectorAll(".waiting-said")) said.textContent = count ? ` (${t("chalWaiting", { count })})` : "";
  }

  bind();
  return { open, drawWaiting };
}
