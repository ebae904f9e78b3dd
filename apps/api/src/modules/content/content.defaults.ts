/**
 * The static pages' and the FAQ's built-in texts (decision 072), shown until staff save their own
 * in the dashboard's `content` section. Restricted Markdown: `## heading`, `- item`,
 * `[text](link)`, paragraphs separated by a blank line.
 */
import type { Faq, SitePageBody, SitePageName } from "@unaa/contracts";

const about: SitePageBody = {
  ru: `## Что такое Unaa
Unaa — площадка объявлений о транспорте в Кыргызстане: легковые автомобили, коммерческий транспорт и спецтехника, мототехника и автоуслуги. Мы помогаем покупателям и продавцам найти друг друга быстро, удобно и честно.

## Что можно делать на Unaa
- Искать машины по каталогу марок, моделей, поколений и комплектаций
- Бесплатно размещать объявления в пределах лимита
- Переписываться с продавцом в чате на сайте
- Сохранять поиски и получать уведомления о новых объявлениях
- Читать и оставлять отзывы о продавцах и компаниях
- Поднимать и выделять объявления платными услугами

## Как мы следим за качеством
Каждое объявление проходит модерацию: мы проверяем фотографии, цену и описание, убираем дубликаты и подозрительные объявления. Заметили нарушение — нажмите «Пожаловаться» на странице объявления, модераторы разберутся.

## Для компаний
Автосалоны, сервисы и перевозчики могут создать страницу компании, подключить тариф и разместить рекламу. Подробнее — на странице [Реклама на сайте](/advert).

Остались вопросы? Загляните в [вопросы и ответы](/faq) или [напишите нам](/contact).`,
  ky: `## Unaa деген эмне
Unaa — Кыргызстандагы транспорт боюнча жарыялар аянтчасы: жеңил унаалар, коммерциялык транспорт жана атайын техника, мототехника жана автокызматтар. Сатып алуучулар менен сатуучуларга бири-бирин тез, ыңгайлуу жана адилеттүү табууга жардам беребиз.

## Unaa'да эмне кылса болот
- Унааларды маркалар, моделдер, муундар жана комплектациялар каталогу боюнча издөө
- Лимиттин чегинде жарыяларды акысыз жайгаштыруу
- Сатуучу менен сайттагы чатта кат алышуу
- Издөөлөрдү сактап, жаңы жарыялар тууралуу билдирме алуу
- Сатуучулар жана компаниялар жөнүндө пикирлерди окуу жана калтыруу
- Жарыяларды акылуу кызматтар менен көтөрүү жана бөлүп көрсөтүү

## Сапатты кантип көзөмөлдөйбүз
Ар бир жарыя модерациядан өтөт: сүрөттөрдү, баасын жана сүрөттөмөсүн текшеребиз, кайталанган жана шектүү жарыяларды алып салабыз. Эрежени бузууну байкасаңыз, жарыянын барагында «Даттануу» баскычын басыңыз — модераторлор карап чыгат.

## Компаниялар үчүн
Автосалондор, тейлөө станциялары жана ташуучулар компаниянын барагын ачып, тариф туташтырып, жарнама жайгаштыра алышат. Толугураак — [Сайтта жарнама](/advert) барагында.

Суроолоруңуз калдыбы? [Суроолор жана жооптор](/faq) барагын караңыз же [бизге жазыңыз](/contact).`,
  en: `## What Unaa is
Unaa is a marketplace for vehicles in Kyrgyzstan: cars, commercial vehicles and machinery, motorcycles and car services. We help buyers and sellers find each other quickly, easily and honestly.

## What you can do on Unaa
- Search cars by a catalogue of makes, models, generations and trims
- Post ads for free within your limit
- Message sellers in the site's chat
- Save searches and get notified about new ads
- Read and write reviews of sellers and businesses
- Raise and highlight ads with paid services

## How we keep quality up
Every ad is moderated: we check photos, price and description and remove duplicates and suspicious ads. If you see a violation, press "Report" on the ad's page and our moderators will look into it.

## For businesses
Dealers, service stations and carriers can open a business page, choose a plan and advertise. More on the [Advertising](/advert) page.

Any questions? See the [questions and answers](/faq) or [write to us](/contact).`,
};

const advert: SitePageBody = {
  ru: `## Реклама на Unaa
Unaa читают люди, которые прямо сейчас покупают или продают транспорт и ищут автоуслуги по всему Кыргызстану — на кыргызском, русском и английском языках, с телефона и компьютера.

## Рекламные места
- **home-top** — широкий баннер вверху главной страницы: его видит каждый посетитель главной
- **list-sidebar** — баннер рядом со списками объявлений (на широких экранах), когда люди выбирают машину или услугу
- **ad-page** — баннер на странице объявления, рядом с подробностями и контактами продавца

## Как это работает
- Вы выбираете место, срок показа и регион
- Мы согласуем макет: изображение и ссылку на ваш сайт или страницу компании
- Перед запуском баннер проверяет модератор; реклама помечается как реклама
- После показа вы получаете отчёт о показах и переходах

## Кому подходит
Автосалонам и дилерам, сервисам и шиномонтажам, страховым и лизинговым компаниям, перевозчикам и всем, кто работает с автовладельцами.

Стоимость зависит от места и срока. Оставьте заявку в форме ниже — мы ответим в течение рабочего дня.`,
  ky: `## Unaa'да жарнама
Unaa'ны дал азыр транспорт сатып алып же сатып жаткан жана бүткүл Кыргызстан боюнча автокызматтарды издеп жаткан адамдар окушат — кыргыз, орус жана англис тилдеринде, телефондон жана компьютерден.

## Жарнама орундары
- **home-top** — башкы беттин жогору жагындагы кең баннер: аны башкы бетке кирген ар бир адам көрөт
- **list-sidebar** — жарыялар тизмесинин жанындагы баннер (кең экрандарда), адамдар унаа же кызмат тандап жатканда
- **ad-page** — жарыянын барагындагы баннер, майда-чүйдөсү жана сатуучунун байланыштары жанында

## Бул кантип иштейт
- Сиз орунду, көрсөтүү мөөнөтүн жана аймакты тандайсыз
- Макетти макулдашабыз: сүрөт жана сиздин сайтка же компаниянын барагына шилтеме
- Ишке киргизүүдөн мурун баннерди модератор текшерет; жарнама жарнама катары белгиленет
- Көрсөтүүдөн кийин көрсөтүүлөр жана өтүүлөр тууралуу отчет аласыз

## Кимге ылайыктуу
Автосалондорго жана дилерлерге, тейлөө станцияларына жана шина оңдоочуларга, камсыздандыруу жана лизинг компанияларына, ташуучуларга жана унаа ээлери менен иштеген бардык адамдарга.

Баасы орунга жана мөөнөткө жараша болот. Төмөнкү формада өтүнмө калтырыңыз — бир иш күнүнүн ичинде жооп беребиз.`,
  en: `## Advertising on Unaa
Unaa is read by people who are buying or selling a vehicle right now and looking for car services all over Kyrgyzstan — in Kyrgyz, Russian and English, on phones and computers.

## Ad slots
- **home-top** — a wide banner at the top of the home page, seen by every visitor of the home page
- **list-sidebar** — a banner beside the ad lists (on wide screens), while people choose a car or a service
- **ad-page** — a banner on an ad's page, next to its details and the seller's contacts

## How it works
- You choose the slot, the period and the region
- We agree on the creative: an image and a link to your site or business page
- A moderator checks the banner before it goes live; ads are marked as advertising
- Afterwards you get a report of impressions and clicks

## Who it suits
Dealers, service stations and tyre shops, insurance and leasing companies, carriers and anyone who works with vehicle owners.

The price depends on the slot and the period. Send a request with the form below — we answer within one working day.`,
};

const agreementPolicy: SitePageBody = {
  ru: `## Пользовательское соглашение
Пользуясь Unaa, вы принимаете эти правила. Мы пишем их простыми словами; если что-то непонятно — [напишите нам](/contact).

## Аккаунт
- Для подачи объявлений, чата и отзывов нужен аккаунт с телефоном или email
- Вы отвечаете за сохранность пароля и за действия в своём аккаунте
- Один человек или компания — один аккаунт; продажа и передача аккаунтов запрещены
- Вы можете удалить аккаунт в настройках; объявления при этом снимаются с публикации

## Правила объявлений
- Объявление описывает реальный транспорт или услугу, которые вы вправе продать или оказать
- Фотографии — ваши и настоящие; цена — полная, без скрытых платежей
- Запрещены дубликаты, чужие фото, обман, оскорбления и незаконные товары
- Модераторы могут отклонить или снять объявление и заблокировать аккаунт за нарушения

## Платежи и возвраты
- Платные услуги (поднятие, выделение, тарифы) оплачиваются с баланса аккаунта
- Услуга начинает действовать сразу после оплаты; её срок указан при покупке
- Если услуга не была оказана по нашей вине, мы вернём деньги на баланс
- Деньги, зачисленные на баланс по ошибке, возвращаются по заявке через [форму обратной связи](/contact)

## Политика конфиденциальности
Мы собираем только то, что нужно для работы сайта: телефон или email, имя, объявления, сообщения и технические данные входа (IP-адрес, устройство). Мы не продаём персональные данные.

- Телефон продавца показывается покупателю только по нажатию и с ограничением частоты
- Сообщения в чате видят только участники переписки и, при жалобе, модераторы
- Данные хранятся на серверах с шифрованием соединений
- Вы можете запросить копию своих данных или их удаление через [контакты](/contact)

## Cookies
Мы используем cookies для входа в аккаунт, выбранного языка и темы оформления, а также для обезличенной статистики посещений. Отключив cookies в браузере, вы не сможете войти в аккаунт.`,
  ky: `## Колдонуучу келишими
Unaa'ны колдонуу менен сиз бул эрежелерди кабыл аласыз. Биз аларды жөнөкөй сөздөр менен жазабыз; бир нерсе түшүнүксүз болсо — [бизге жазыңыз](/contact).

## Аккаунт
- Жарыя берүү, чат жана пикир жазуу үчүн телефон же email менен аккаунт керек
- Сырсөздүн коопсуздугуна жана аккаунтуңуздагы аракеттерге өзүңүз жооп бересиз
- Бир адам же компания — бир аккаунт; аккаунттарды сатууга жана берүүгө тыюу салынат
- Аккаунтту жөндөөлөрдөн өчүрө аласыз; анда жарыялар жарыяланбай калат

## Жарыялардын эрежелери
- Жарыя сиз сатууга же көрсөтүүгө укугуңуз бар чыныгы транспортту же кызматты сүрөттөйт
- Сүрөттөр — сиздики жана чыныгы; баасы — толук, жашыруун төлөмдөрсүз
- Кайталанган жарыяларга, бөтөн сүрөттөргө, алдамчылыкка, кордоого жана мыйзамсыз товарларга тыюу салынат
- Модераторлор эрежени бузгандыгы үчүн жарыяны четке кагып же алып салып, аккаунтту бөгөттөй алышат

## Төлөмдөр жана кайтаруулар
- Акылуу кызматтар (көтөрүү, бөлүп көрсөтүү, тарифтер) аккаунттун балансынан төлөнөт
- Кызмат төлөгөндөн кийин дароо иштей баштайт; анын мөөнөтү сатып алууда көрсөтүлөт
- Кызмат биздин күнөөбүз менен көрсөтүлбөсө, акчаны балансыңызга кайтарабыз
- Балансга жаңылыштык менен түшкөн акча [байланыш формасы](/contact) аркылуу өтүнмө боюнча кайтарылат

## Купуялык саясаты
Биз сайттын иштеши үчүн керектүү маалыматты гана чогултабыз: телефон же email, аты, жарыялар, билдирүүлөр жана кирүүнүн техникалык маалыматтары (IP-дарек, түзмөк). Жеке маалыматтарды сатпайбыз.

- Сатуучунун телефону сатып алуучуга баскычты басканда гана жана жыштыгы чектелип көрсөтүлөт
- Чаттагы билдирүүлөрдү кат алышкандар гана, даттануу болсо модераторлор көрөт
- Маалыматтар туташуулары шифрленген серверлерде сакталат
- Маалыматыңыздын көчүрмөсүн же аны өчүрүүнү [байланыштар](/contact) аркылуу сурай аласыз

## Cookies
Cookies'ти аккаунтка кирүү, тандалган тил жана жасалгалоо темасы үчүн, ошондой эле жекелештирилбеген катышуу статистикасы үчүн колдонобуз. Браузерде cookies'ти өчүрсөңүз, аккаунтка кире албайсыз.`,
  en: `## Terms of use
By using Unaa you accept these rules. We write them in plain words; if something is unclear, [write to us](/contact).

## Your account
- Posting ads, chatting and writing reviews need an account with a phone or an email
- You keep your password safe and answer for what is done in your account
- One person or business, one account; selling or handing over accounts is not allowed
- You can delete your account in the settings; your ads are then taken down

## Rules for ads
- An ad describes a real vehicle or service that you have the right to sell or provide
- Photos are your own and real; the price is the full price, without hidden charges
- Duplicates, other people's photos, deception, insults and illegal goods are not allowed
- Moderators may reject or remove an ad and block an account for violations

## Payments and refunds
- Paid services (raising, highlighting, plans) are paid from your account balance
- A service starts right after payment; its period is shown when you buy it
- If a service was not provided through our fault, we return the money to your balance
- Money added to your balance by mistake is refunded on request through the [contact form](/contact)

## Privacy policy
We collect only what the site needs to work: your phone or email, name, ads, messages and technical sign-in data (IP address, device). We do not sell personal data.

- A seller's phone is shown to a buyer only on request, and how often is limited
- Chat messages are seen only by the people in the chat and, after a report, by moderators
- Data is kept on servers reached over encrypted connections
- You can ask for a copy of your data or for its deletion through the [contacts](/contact)

## Cookies
We use cookies to keep you signed in, to remember your language and colour theme, and for anonymous visit statistics. If you turn cookies off in your browser, you cannot sign in.`,
};

const contact: SitePageBody = {
  ru: `Есть вопрос об объявлении, оплате или работе сайта? Напишите нам через форму — мы отвечаем в течение рабочего дня. Ответы на частые вопросы — на странице [Вопросы и ответы](/faq).`,
  ky: `Жарыя, төлөм же сайттын иши боюнча суроо барбы? Форма аркылуу жазыңыз — бир иш күнүнүн ичинде жооп беребиз. Көп берилүүчү суроолорго жооптор — [Суроолор жана жооптор](/faq) барагында.`,
  en: `A question about an ad, a payment or the site? Write to us with the form — we answer within one working day. Answers to common questions are on the [Questions and answers](/faq) page.`,
};

const mobileApp: SitePageBody = {
  ru: `Unaa устанавливается на телефон прямо из браузера — как приложение, без магазина и без лишних мегабайт. Иконка появится на главном экране, сайт откроется в отдельном окне, а уведомления о сообщениях и новых объявлениях будут приходить как в обычном приложении.`,
  ky: `Unaa телефонго түз эле браузерден орнотулат — тиркеме сыяктуу, дүкөнсүз жана ашыкча мегабайтсыз. Сүрөтчө башкы экранда пайда болот, сайт өзүнчө терезеде ачылат, ал эми билдирүүлөр жана жаңы жарыялар тууралуу кабарлар кадимки тиркемедегидей келет.`,
  en: `Unaa installs on your phone straight from the browser — like an app, without a store and without extra megabytes. Its icon appears on your home screen, the site opens in its own window, and notifications about messages and new ads arrive as in any other app.`,
};

export const defaultPages: Record<SitePageName, SitePageBody> = {
  about,
  advert,
  "agreement-policy": agreementPolicy,
  contact,
  "mobile-app": mobileApp,
};

export const defaultFaq: Faq = {
  topics: [
    {
      title: { ru: "Аккаунт", ky: "Аккаунт", en: "Account" },
      questions: [
        {
          question: {
            ru: "Как зарегистрироваться?",
            ky: "Кантип катталса болот?",
            en: "How do I sign up?",
          },
          answer: {
            ru: "Нажмите «Войти», введите телефон или email и код из SMS или письма, затем придумайте пароль. Можно войти и через Google.",
            ky: "«Кирүү» баскычын басып, телефонуңузду же email'иңизди жана SMS же каттагы кодду киргизиңиз, андан кийин сырсөз ойлоп табыңыз. Google аркылуу да кирсе болот.",
            en: "Press “Sign in”, enter your phone or email and the code from the SMS or email, then choose a password. You can also sign in with Google.",
          },
        },
        {
          question: {
            ru: "Я забыл пароль. Что делать?",
            ky: "Сырсөздү унутуп калдым. Эмне кылуу керек?",
            en: "I forgot my password. What do I do?",
          },
          answer: {
            ru: "На странице входа нажмите «Забыли пароль?», получите код на телефон или email и задайте новый пароль.",
            ky: "Кирүү барагында «Сырсөздү унуттуңузбу?» баскычын басып, телефонго же email'ге код алып, жаңы сырсөз коюңуз.",
            en: "On the sign-in page press “Forgot password?”, get a code by phone or email and set a new password.",
          },
        },
        {
          question: {
            ru: "Как удалить аккаунт?",
            ky: "Аккаунтту кантип өчүрсө болот?",
            en: "How do I delete my account?",
          },
          answer: {
            ru: "В разделе «Настройки → Профиль» нажмите «Удалить аккаунт». Ваши объявления снимутся с публикации.",
            ky: "«Жөндөөлөр → Профиль» бөлүмүндө «Аккаунтту өчүрүү» баскычын басыңыз. Жарыяларыңыз жарыяланбай калат.",
            en: "In “Settings → Profile” press “Delete account”. Your ads are taken down.",
          },
        },
      ],
    },
    {
      title: { ru: "Объявления", ky: "Жарыялар", en: "Ads" },
      questions: [
        {
          question: {
            ru: "Сколько стоит подать объявление?",
            ky: "Жарыя берүү канча турат?",
            en: "How much does posting an ad cost?",
          },
          answer: {
            ru: "Несколько объявлений в каждом разделе можно разместить бесплатно. Сверх лимита и для компаний есть тарифы.",
            ky: "Ар бир бөлүмдө бир нече жарыяны акысыз жайгаштырса болот. Лимиттен ашканда жана компаниялар үчүн тарифтер бар.",
            en: "A few ads in each section are free. Beyond the limit, and for businesses, there are plans.",
          },
        },
        {
          question: {
            ru: "Почему моё объявление ещё не опубликовано?",
            ky: "Эмне үчүн жарыям дагы эле жарыялана элек?",
            en: "Why is my ad not published yet?",
          },
          answer: {
            ru: "Новые объявления проверяет модератор, обычно в течение нескольких часов. Если объявление отклонено, причина будет в уведомлении.",
            ky: "Жаңы жарыяларды модератор текшерет, адатта бир нече сааттын ичинде. Жарыя четке кагылса, себеби билдирмеде болот.",
            en: "New ads are checked by a moderator, usually within a few hours. If an ad is rejected, the notification gives the reason.",
          },
        },
        {
          question: {
            ru: "Как долго объявление остаётся на сайте?",
            ky: "Жарыя сайтта канча убакыт турат?",
            en: "How long does an ad stay on the site?",
          },
          answer: {
            ru: "30 дней. Перед окончанием срока мы напомним, и объявление можно продлить в разделе «Мои объявления».",
            ky: "30 күн. Мөөнөтү бүтөөрдөн мурун эскертебиз, жарыяны «Менин жарыяларым» бөлүмүндө узартса болот.",
            en: "30 days. We remind you before it ends, and you can extend the ad in “My ads”.",
          },
        },
      ],
    },
    {
      title: { ru: "Оплата", ky: "Төлөм", en: "Payments" },
      questions: [
        {
          question: {
            ru: "Как пополнить баланс?",
            ky: "Балансты кантип толуктаса болот?",
            en: "How do I top up my balance?",
          },
          answer: {
            ru: "В разделе «Настройки → Баланс» выберите сумму и оплатите картой или электронным кошельком.",
            ky: "«Жөндөөлөр → Баланс» бөлүмүндө сумманы тандап, карта же электрондук капчык менен төлөңүз.",
            en: "In “Settings → Balance” choose an amount and pay by card or e-wallet.",
          },
        },
        {
          question: {
            ru: "Можно ли вернуть деньги за услугу?",
            ky: "Кызмат үчүн акчаны кайтарса болобу?",
            en: "Can I get a refund for a service?",
          },
          answer: {
            ru: "Если услуга не была оказана по нашей вине, деньги вернутся на баланс. Напишите нам через страницу «Контакты».",
            ky: "Кызмат биздин күнөөбүз менен көрсөтүлбөсө, акча балансга кайтат. «Байланыш» барагы аркылуу жазыңыз.",
            en: "If a service was not provided through our fault, the money returns to your balance. Write to us through the Contact page.",
          },
        },
      ],
    },
    {
      title: { ru: "Безопасность", ky: "Коопсуздук", en: "Safety" },
      questions: [
        {
          question: {
            ru: "Как не попасть на мошенников?",
            ky: "Алдамчыларга кантип алданбаш керек?",
            en: "How do I avoid scammers?",
          },
          answer: {
            ru: "Не переводите предоплату незнакомым продавцам, осматривайте машину лично и проверяйте документы. Подозрительное объявление — повод нажать «Пожаловаться».",
            ky: "Тааныш эмес сатуучуларга алдын ала төлөм которбоңуз, унааны өзүңүз карап, документтерди текшериңиз. Шектүү жарыя болсо — «Даттануу» баскычын басыңыз.",
            en: "Do not send prepayments to sellers you do not know, inspect the vehicle in person and check its papers. A suspicious ad is a reason to press “Report”.",
          },
        },
        {
          question: {
            ru: "Кто видит мой номер телефона?",
            ky: "Менин телефон номеримди ким көрөт?",
            en: "Who sees my phone number?",
          },
          answer: {
            ru: "Номер показывается только тем, кто нажал «Показать телефон» в вашем объявлении, и число таких показов ограничено.",
            ky: "Номер жарыяңыздагы «Телефонду көрсөтүү» баскычын баскандарга гана көрсөтүлөт, мындай көрсөтүүлөрдүн саны чектелген.",
            en: "Your number is shown only to people who press “Show phone” on your ad, and how many times is limited.",
          },
        },
      ],
    },
  ],
};
