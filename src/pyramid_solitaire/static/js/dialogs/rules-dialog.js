// The Rules dialog for the variant on the table: rules, questions, tips and controls.

import { language, t, variantName, variantSummary } from "../text/i18n.js";
import { rulesFor } from "../text/rules-text.js";

const $ = (id) => document.getElementById(id);

export function openRules(variant) {
  const rules = rulesFor(variant.id, language(), variantSummary(variant));
  $("rules-title").textContent = `${t("rules")}: ${variantName(variant)}`;
  const body = $("rules-body");
  body.replaceChildren();
  const heading = (title) => {
    const h = document.createElement("h3");
    h.textContent = title;
    body.append(h);
  };
  const section = (title, items) => {
    if (!items.length) return; // a family game has no tips of its own yet
    heading(title);
    const ul = document.createElement("ul");
    for (const item of items) {
      const li = document.createElement("li");
      li.textContent = item;
      ul.append(li);
    }
    body.append(ul);
  };
  // Every answer is open at first; a tap on its question folds it away.
  const questions = (title, items) => {
    if (!items.length) return;
    heading(title);
    for (const [question, answer] of items) {
      const details = document.createElement("details");
      details.open = true;
      details.className = "faq";
      const summary = document.createElement("summary");
      summary.textContent = question;
      const p = document.createElement("p");
      p.textContent = answer;
      details.append(summary, p);
      body.append(details);
    }
  };
  section(t("rulesHead"), [...rules.common, ...rules.rules]);
  questions(t("faqHead"), rules.faq);
  section(t("tipsHead"), rules.tips);
  section(t("keysTitle"), rules.keys);
  $("more-dialog").close();
  $("rules-dialog").showModal();
  $("rules-dialog").scrollTop = 0; // showModal focused the Close button at the bottom
}
