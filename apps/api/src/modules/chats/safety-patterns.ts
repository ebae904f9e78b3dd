import type { ChatWarningKind } from "@unaa/contracts";

/**
 * What the chat warns a receiver about (product.md section 7, decision 052), as data: patterns in
 * Russian, Kyrgyz and English of the usual ways sellers and buyers are cheated — money asked before
 * the goods are seen, card numbers, payment links, and moves to other messengers where the site's
 * warnings and reports do not reach. Each `unless` is looked for around a match (a few words
 * either side), so "предоплата не нужна" is no warning. `message-warnings.ts` applies them; card
 * numbers need a Luhn check too, so they are matched there.
 */
export interface SafetyPattern {
  kind: Exclude<ChatWarningKind, "card-number">;
  pattern: RegExp;
  /** A match is dropped when this is found within `negationWindow` characters of it. */
  unless?: RegExp;
}

/** How far around a match a negation is looked for, in characters. */
export const negationWindow = 30;

const prepaymentNegation =
  /(?<!\p{L})без\s+(?:всяк\w*\s+)?(?:предоплат|задат|аванс|залог)|не\s+(?:нужн|надо|требу|бер[уёе]|прошу|нужен|обязател)|никак\w*\s+предоплат|нет\s+предоплат|предоплат\w*\s+нет|керек\s+эмес|талап\s+кылынбайт|(?<!\p{L})жок(?!\p{L})|\bno\s+(?:prepay|deposit|upfront|advance)|not\s+(?:required|needed|necessary)|no\s+need|without\s+(?:prepay|a\s+deposit|deposit|advance)|don'?t\s+(?:need|ask|want)/iu;

export const safetyPatterns: readonly SafetyPattern[] = [
  // ---- Money before the goods ----
  { kind: "prepayment", pattern: /предоплат\p{L}*/iu, unless: prepaymentNegation },
  { kind: "prepayment", pattern: /(?<!\p{L})задат(?:ок|ка|ку|ком)(?!\p{L})/iu, unless: prepaymentNegation },
  { kind: "prepayment", pattern: /(?<!\p{L})аванс\p{L}*/iu, unless: prepaymentNegation },
  { kind: "prepayment", pattern: /(?<!\p{L})залог\p{L}*/iu, unless: prepaymentNegation },
  {
    kind: "prepayment",
    pattern:
      /(?:оплат\p{L}*|плат\p{L}*|деньги|сумм\p{L}*)\s+(?:\p{L}+\s+)?(?:вперёд|вперед|заранее|сначала|сразу)/iu,
    unless: prepaymentNegation,
  },
  {
    kind: "prepayment",
    pattern:
      /(?:переведи|переведите|перекинь|перекиньте|скинь|скиньте|отправь|отправьте|кинь|киньте)\s+(?:\p{L}+\s+){0,3}(?:на\s+карт\p{L}*|деньги|денег|сумм\p{L}*|\d[\d\s]*(?:сом|руб|\$|долл))/iu,
  },
  { kind: "prepayment", pattern: /алдын\s+ала\s+(?:төл\p{L}*|акча\p{L}*)/iu, unless: prepaymentNegation },
  {
    kind: "prepayment",
    pattern: /(?:картага|картама|картага\s+акча)\s+(?:котор\p{L}*|сал\p{L}*|жибер\p{L}*)/iu,
  },
  { kind: "prepayment", pattern: /акча(?:ны)?\s+(?:котор\p{L}*|жибер\p{L}*|салып\s+бер\p{L}*)/iu },
  { kind: "prepayment", pattern: /\bprepa(?:y|id|yment)\p{L}*/iu, unless: prepaymentNegation },
  {
    kind: "prepayment",
    pattern: /\bpay\s+(?:\p{L}+\s+)?(?:in\s+advance|upfront|up\s+front|first|a\s+deposit|before)/iu,
    unless: prepaymentNegation,
  },
  { kind: "prepayment", pattern: /\b(?:upfront|advance)\s+payment\b/iu, unless: prepaymentNegation },
  { kind: "prepayment", pattern: /\bdeposit\b/iu, unless: prepaymentNegation },
  {
    kind: "prepayment",
    pattern:
      /\b(?:send|transfer|wire)\s+(?:me\s+)?(?:the\s+)?(?:money|payment|funds|\d[\d\s,]*(?:som|usd|\$|dollars?))/iu,
  },

  // ---- Payment links ----
  {
    kind: "payment-link",
    pattern:
      /(?:https?:\/\/|www\.)\S*(?:pay|oplat|checkout|invoice|perevod|transfer|billing|bank|card|karta|wallet|koshel)\S*/iu,
  },
  {
    kind: "payment-link",
    pattern:
      /(?:ссылк\p{L}*\s+(?:\p{L}+\s+)?(?:для\s+)?(?:оплат|перевод)|по\s+ссылке\s+(?:\p{L}+\s+)?оплат\p{L}*|шилтеме\p{L}*\s+(?:\p{L}+\s+)?төл\p{L}*|payment\s+link|pay\s+(?:via|through|by)\s+(?:this\s+|the\s+)?link)/iu,
  },

  // ---- Other messengers ----
  {
    kind: "messenger",
    pattern:
      /\b(?:whats\s?app|viber|telegram|signal\s+me|imo\b)|ват[сц]\s?ап\p{L}*|вотс\s?ап\p{L}*|вац\s?ап\p{L}*|вайбер\p{L}*|вибер\p{L}*|телеграм\p{L}*|(?:пиши|напиши|пишите|напишите|пишу|отвечу)\s+(?:мне\s+)?(?:в|на)\s+телег[уеа]\p{L}*|(?<!\p{L})телегр\p{L}*|\b(?:t|wa)\.me\/\S+/iu,
  },
  {
    kind: "messenger",
    pattern:
      /(?:пиши|напиши|пишите|напишите|звони|позвони|позвоните)\s+(?:мне\s+)?в\s+(?:личку|лс|тг|вк)(?!\p{L})/iu,
  },

  // ---- Phone numbers: Kyrgyz (+996 / 0XXX), Kazakh and Russian (+7 / 8) ----
  {
    kind: "phone-number",
    pattern: /(?<![\p{L}\d])(?:\+?\s?996|0)[\s\-()]*[2-9]\d{2}(?:[\s\-()]*\d){6}(?!\d)/u,
  },
  {
    kind: "phone-number",
    pattern: /(?<![\p{L}\d])(?:\+\s?7|8)[\s\-(]*[3-9]\d{2}[\s\-)]*\d{3}[\s-]*\d{2}[\s-]*\d{2}(?!\d)/u,
  },
];

/** A card number's digits: 13–19, in groups of 4 (or 4-6-5, …) split by single spaces or dashes. */
export const cardNumberCandidate = /(?<![\p{L}\d])\d(?:[ -]?\d){12,18}(?![\p{L}\d])/gu;
