import { count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { ads, chatMembers, chatMessages, chats, reviews, users } from "../schema/index.ts";
import { seededRandom } from "./demo-ads.seed.ts";
import { demoUsers } from "./users.seed.ts";

const DAY_MS = 86_400_000;
/** Sellers that get reviews: those with the most active ads. */
const REVIEWED_SELLERS = 14;

type Band = "good" | "fair" | "bad";

/** Review texts as buyers write them (user content: one language each, not translated). */
const texts: Record<Band, string[]> = {
  good: [
    "Продавец честный, машина полностью соответствует описанию. Показал все документы, дал проехать. Рекомендую!",
    "Быстро ответил в чате, встретились в тот же день. Всё как на фото, торг был. Спасибо!",
    "Отличный продавец: рассказал про все недостатки заранее, съездили вместе на диагностику.",
    "Сделка прошла спокойно, оформили у нотариуса за час. Машина едет отлично уже месяц.",
    "Сатуучу абдан жакшы, машинаны толук көрсөттү, документтери таза. Сунуштайм!",
    "Ак ниет адам, баасын түшүрүп берди. Унаа сүрөттөгүдөй эле.",
    "Very helpful seller, answered every question and sent extra photos. The car was exactly as described.",
    "Всё прошло быстро и без сюрпризов: отвечал вовремя, документы в порядке.",
  ],
  fair: [
    "В целом нормально, но пробег, похоже, больше указанного. Цену немного сбросил.",
    "Машина хорошая, но на встречу продавец опоздал на час. Документы в порядке.",
    "Жалпысынан жакшы, бирок кичине чийиндер сүрөттө көрүнгөн эмес.",
    "Decent deal overall, though a few scratches were not mentioned in the ad.",
  ],
  bad: [
    "На фото машина выглядела лучше: сколы, подтёки масла. Об этом в объявлении ни слова.",
    "Договорились о встрече, продавец не пришёл и перестал отвечать. Потерял полдня.",
    "Сатуучу жообун кечиктирип, акырында башка кишиге сатып жиберди.",
  ],
};

const replies: Record<Band, string[]> = {
  good: [
    "Спасибо за отзыв! Пусть машина служит долго.",
    "Рахмат! Кайра келиңиз.",
    "Thank you, glad everything went well!",
    "Спасибо, обращайтесь!",
  ],
  fair: ["Спасибо, учту. Извините за задержку.", "Рахмат пикириңиз үчүн, оңдойбуз."],
  bad: [
    "Мне жаль, что так вышло. Все недостатки я показывал на месте, но готов обсудить.",
    "Извините, в тот день случилась поломка, я писал вам в чат.",
  ],
};

const buyerLines = [
  "Здравствуйте, ещё актуально?",
  "Саламатсызбы, сатыла элекпи?",
  "Hello, is it still available?",
];
const sellerLines = [
  "Да, актуально. Когда удобно посмотреть?",
  "Ооба, келип көрсөңүз болот.",
  "Yes, come and see it.",
];

function bandOf(stars: number): Band {
  return stars >= 4 ? "good" : stars === 3 ? "fair" : "bad";
}

/**
 * Reviews and replies on the demo sellers with the most ads, each after a chat about one of their
 * ads in which both wrote (what makes a review allowed, decision 058). Buyers are the other demo
 * accounts. Only into a database without reviews; answers how many it wrote.
 */
export async function seedDemoReviews(db: Database, now = Date.now()): Promise<number> {
  const [existing] = await db.select({ value: count() }).from(reviews);
  if ((existing?.value ?? 0) > 0) return 0;
  const sellers = await db
    .select({
      userId: ads.userId,
      adIds: sql<number[]>`(array_agg(${ads.id} order by ${ads.id} desc))[1:20]`,
    })
    .from(ads)
    .where(eq(ads.status, "active"))
    .groupBy(ads.userId)
    .orderBy(desc(count()))
    .limit(REVIEWED_SELLERS);
  const demoUser = demoUsers[0]?.username ?? "";
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, demoUser));
  const people = [...new Set([...sellers.map((seller) => seller.userId), ...(owner ? [owner.id] : [])])];
  if (people.length < 2) return 0;

  const random = seededRandom(58);
  let written = 0;
  await db.transaction(async (tx) => {
    for (const seller of sellers) {
      const buyers = random.sample(
        people.filter((id) => id !== seller.userId),
        random.int(1, 5),
      );
      for (const buyerId of buyers) {
        const adId = random.pick(seller.adIds);
        const [ad] = await tx
          .select({ vertical: ads.vertical, regionId: ads.regionId })
          .from(ads)
          .where(eq(ads.id, adId));
        if (!ad) continue;
        const reviewedAt = new Date(now - random.int(1, 80) * DAY_MS - random.int(0, 600) * 60_000);
        const askedAt = new Date(reviewedAt.getTime() - random.int(2, 6) * DAY_MS);
        const answeredAt = new Date(askedAt.getTime() + random.int(5, 300) * 60_000);
        const [chat] = await tx
          .insert(chats)
          .values({
            subject: "ad",
            adId,
            sellerId: seller.userId,
            buyerId,
            createdAt: askedAt,
            lastActivityAt: answeredAt,
          })
          .returning({ id: chats.id });
        if (!chat) continue;
        const language = random.int(0, 2);
        const messages = await tx
          .insert(chatMessages)
          .values([
            { chatId: chat.id, senderId: buyerId, text: buyerLines[language] ?? "", createdAt: askedAt },
            {
              chatId: chat.id,
              senderId: seller.userId,
              text: sellerLines[language] ?? "",
              createdAt: answeredAt,
            },
          ])
          .returning({ id: chatMessages.id });
        const lastId = messages.at(-1)?.id ?? null;
        await tx.update(chats).set({ lastMessageId: lastId }).where(eq(chats.id, chat.id));
        await tx.insert(chatMembers).values([
          { chatId: chat.id, userId: buyerId, lastReadMessageId: lastId },
          { chatId: chat.id, userId: seller.userId, lastReadMessageId: lastId },
        ]);
        const stars = random.weighted<number>([
          [5, 50],
          [4, 28],
          [3, 10],
          [2, 6],
          [1, 6],
        ]);
        const band = bandOf(stars);
        const isReplied = random.chance(band === "good" ? 0.35 : 0.7);
        await tx.insert(reviews).values({
          authorId: buyerId,
          sellerId: seller.userId,
          adId,
          vertical: ad.vertical,
          regionId: ad.regionId,
          stars,
          text: random.pick(texts[band]),
          createdAt: reviewedAt,
          ...(isReplied
            ? {
                replyText: random.pick(replies[band]),
                repliedAt: new Date(reviewedAt.getTime() + random.int(1, 48) * 3_600_000),
              }
            : {}),
        });
        written += 1;
      }
    }
  });
  return written;
}
