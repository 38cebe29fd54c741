// The Rules dialog for the variant on the table: rules, questions, tips and controls.

import { language, t, variantName } from "./i18n.js";
import { rulesFor } from "./rules-text.js";

const $ = (id) => document.getElementById(id);

export function openRules(variant) {
  const rules = rulesFor(variant.id, language());
  $("rules-title").textContent = `${t("rules")}: ${variantName(variant)}`;
  const body = $("rules-body");
  body.replaceChildren();
  const section = (title, items) => {
    const h = document.createElement("h3");
    h.textContent = title;
    const ul = document.createElement("ul");
    for (const item of items) {
      const li = document.createElement("li");
      if (Array.isArray(item)) {
        const q = document.createElement("strong");
        q.textContent = item[0];
        li.append(q, document.createElement("br"), item[1]);
      } else {
        li.textContent = item;
      }
      ul.append(li);
    }
    body.append(h, ul);
  };
  section(t("rulesHead"), [...rules.common, ...rules.rules]);
  section(t("faqHead"), rules.faq);
  section(t("tipsHead"), rules.tips);
  section(t("keysTitle"), rules.keys);
  $("more-dialog").close();
  $("rules-dialog").showModal();
  $("rules-dialog").scrollTop = 0; // showModal focused the Close button at the bottom
}
