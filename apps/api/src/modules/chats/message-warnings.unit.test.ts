import { describe, expect, it } from "vitest";
import { findMessageWarnings, passesLuhn } from "./message-warnings.ts";

describe("chat safety warnings (decision 052)", () => {
  it.each([
    ["Машина в Оше, внесите предоплату 20 000 сом и я её пригоню", "prepayment"],
    ["Нужен задаток 500$, тогда отложу для вас", "prepayment"],
    ["Скиньте деньги на карту, потом отправлю документы", "prepayment"],
    ["Переведите 10 000 сом, и машина ваша", "prepayment"],
    ["Оплата вперед, доставка за мой счёт", "prepayment"],
    ["Алдын ала төлөм 5000 сом, анан машинаны алып келем", "prepayment"],
    ["Картага акча которуп бериңиз, анан жөнөтөм", "prepayment"],
    ["Please pay a deposit first and I will ship the car", "prepayment"],
    ["Send me the money via bank transfer before viewing", "prepayment"],
    ["Моя карта 4276 3800 1234 5679, Сбер", "card-number"],
    ["card: 5469-3800-8765-4322", "card-number"],
    ["4276380012345679", "card-number"],
    ["Оплатите по ссылке https://secure-pay.example-bank.ru/checkout?id=7", "payment-link"],
    ["Вот ссылка для оплаты доставки: www.oplata-dostavka.com/123", "payment-link"],
    ["Пиши в ватсап, там быстрее отвечу", "messenger"],
    ["Напиши мне в телегу @avto_osh", "messenger"],
    ["Add me on WhatsApp please", "messenger"],
    ["Вайберге жазыңыз", "messenger"],
    ["Telegram: t.me/cars_seller_kg", "messenger"],
    ["Звоните 0555 123 456", "phone-number"],
    ["мой номер +996 700 12-34-56", "phone-number"],
    ["0700123456 звони", "phone-number"],
    ["Call +7 701 234 56 78", "phone-number"],
    ["8 (905) 123-45-67 Алексей", "phone-number"],
  ])("warns about %j: %s", (text, kind) => {
    expect(findMessageWarnings(text)).toContain(kind);
  });

  it.each([
    "Предоплата не нужна, приезжайте смотрите",
    "Без предоплаты, оплата при встрече",
    "Алдын ала төлөм керек эмес, келип көрүңүз",
    "No prepayment needed, come and see the car",
    "Цена 1 500 000 сом, торг уместен",
    "VIN JTDBR32E720012345, пробег 150 000 км",
    "Годы выпуска 2015-2018, кузов XV50",
    "Пробег 85 000 км, растаможен в 2019",
    "Здравствуйте! Машина ещё продаётся? Когда можно посмотреть?",
    "Отправлю фото салона вечером",
    "Номер кузова 1234 5678 9012 3456", // 16 digits that fail the Luhn check
    "Ссылка на видео осмотра: https://video.example.org/watch?v=abc",
    "Положил вещи в телегу и поехал на базар",
    "Deposit slip? No deposit needed, cash on the spot.",
  ])("does not warn about %j", (text) => {
    expect(findMessageWarnings(text)).toEqual([]);
  });

  it("lists each kind once, in the contracts' order", () => {
    expect(
      findMessageWarnings(
        "Предоплата 50%, карта 4276 3800 1234 5679, пиши в ватсап 0555 123 456, ещё предоплата",
      ),
    ).toEqual(["prepayment", "card-number", "messenger", "phone-number"]);
  });

  it("checks card numbers by Luhn", () => {
    expect(passesLuhn("4276380012345679")).toBe(true);
    expect(passesLuhn("4276380012345677")).toBe(false);
  });
});
