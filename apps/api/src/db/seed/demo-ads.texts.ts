/** What the demo sellers write (demo data only): descriptions and service titles in ru, ky and en. */
import type { serviceTypes } from "@unaa/contracts";

export type Language = "ru" | "ky" | "en";

/** The demo sellers: people and businesses, named as they would name themselves. */
export const demoSellers: { username: string; kind: "person" | "dealer" | "service" }[] = [
  { username: "Азамат_Токтогулов", kind: "person" },
  { username: "Айгерим.Сыдыкова", kind: "person" },
  { username: "Нурбек_Бишкек", kind: "person" },
  { username: "Бакыт_Мамытов", kind: "person" },
  { username: "Эрлан.Жээнбеков", kind: "person" },
  { username: "Дастан_Осмонов", kind: "person" },
  { username: "Чолпон_Алиева", kind: "person" },
  { username: "Жыргалбек_Ош", kind: "person" },
  { username: "Сергей_Коваленко", kind: "person" },
  { username: "Ольга.Петрова", kind: "person" },
  { username: "Дмитрий_Каракол", kind: "person" },
  { username: "Мээрим_Асанова", kind: "person" },
  { username: "Канат_Жалал_Абад", kind: "person" },
  { username: "Адилет_Мукашев", kind: "person" },
  { username: "Бекзат.Турсунов", kind: "person" },
  { username: "Айдана_Кадырова", kind: "person" },
  { username: "Руслан_Нарын", kind: "person" },
  { username: "Тимур_Талас", kind: "person" },
  { username: "Автосалон_Ала_Тоо", kind: "dealer" },
  { username: "Ош_Моторс", kind: "dealer" },
  { username: "Korea_Auto_KG", kind: "dealer" },
  { username: "Бишкек_Трак_Центр", kind: "dealer" },
  { username: "Мото_Центр_KG", kind: "dealer" },
  { username: "Автосервис_Жолчу", kind: "service" },
  { username: "Автомойка_Тазалык", kind: "service" },
  { username: "Эвакуатор_24_KG", kind: "service" },
  { username: "Шиномонтаж_Жибек_Жолу", kind: "service" },
  { username: "Автошкола_Ыссык_Көл", kind: "service" },
  { username: "Жүк_Ташуу_KG", kind: "service" },
  { username: "Такси_Ордо", kind: "service" },
];

/** Sentences of vehicle ads; a description takes a few of one language. */
export const vehicleSentences: Record<Language, string[]> = {
  ru: [
    "Машина в отличном состоянии, вложений не требует.",
    "Один хозяин, обслуживалась у официального дилера.",
    "Не бита, не крашена, родная краска по кругу.",
    "Двигатель и коробка работают идеально, масло не ест.",
    "Зимняя резина на дисках в подарок.",
    "Салон чистый, не курили, детей не возили.",
    "Все ТО по регламенту, есть сервисная книжка.",
    "Торг у капота, обмен не интересует.",
    "Срочно, в связи с переездом.",
    "Кондиционер работает, летом не жарко.",
    "Свежая ходовая: поменяны амортизаторы, рычаги и сайлентблоки.",
    "Растаможена, на учёте, документы в порядке.",
    "Расход по городу около 9 литров.",
    "Рассмотрю обмен на машину подороже с моей доплатой.",
    "Звоните в любое время, на звонки отвечаю сам.",
    "Пригнана из Кореи, пробег реальный, проверка на любой СТО.",
    "Полный комплект ключей, оба брелока сигнализации.",
    "Есть мелкие царапины, на фото всё видно.",
    "Капитальный ремонт двигателя сделан год назад.",
    "Рассмотрю рассрочку для надёжного покупателя.",
    "Свежее масло и фильтры, только что прошла ТО.",
    "Покрашен только передний бампер, остальное родное.",
  ],
  ky: [
    "Унаа абдан жакшы абалда, эч кандай чыгым талап кылбайт.",
    "Бир гана ээси болгон, дилерде тейленген.",
    "Урулган эмес, боёлгон эмес.",
    "Кыймылдаткыч жана куту мыкты иштейт.",
    "Кышкы дөңгөлөктөр белекке берилет.",
    "Салону таза, тамеки тартылган эмес.",
    "Баасы бир аз түшөт, чалып сураңыз.",
    "Шашылыш сатылат, көчүп жатабыз.",
    "Кондиционер иштейт, жайында ысык болбойт.",
    "Бажыдан өткөн, каттоодо турат.",
    "Документтери толук, эки ачкычы бар.",
    "Алмашууну карайм, кошумча төлөм менен.",
    "Майы жаңы алмаштырылган.",
    "Каалаган тейлөө жайында текшертсеңиз болот.",
  ],
  en: [
    "Well kept, nothing to invest.",
    "One owner, dealer serviced.",
    "Never crashed, original paint.",
    "Engine and gearbox in perfect order.",
    "Winter tyres on rims included.",
    "Clean interior, non-smoker.",
    "Price slightly negotiable.",
    "Selling because I am moving abroad.",
    "Full service history, two keys.",
    "Imported from Korea, genuine mileage.",
    "Fresh oil and filters, just serviced.",
  ],
};

/** Opening lines naming the vehicle the way people say it (`{name}`: the Cyrillic or Latin name). */
export const vehicleOpenings: Record<Language, string[]> = {
  ru: ["Продаю {name}.", "Продаётся {name}.", "Срочно продам {name}.", "{name} в хорошем состоянии."],
  ky: ["{name} сатылат.", "{name} сатам.", "Жакшы абалдагы {name}."],
  en: ["For sale: {name}.", "Selling my {name}."],
};

type ServiceType = (typeof serviceTypes)[number];

/** Service titles per type: what a business puts as its headline. */
export const serviceTitles: Record<ServiceType, Record<Language, string[]>> = {
  repair: {
    ru: ["Ремонт двигателей и ходовой", "СТО: ремонт любой сложности", "Ремонт японских и корейских авто"],
    ky: ["Кыймылдаткыч жана дөңгөлөк оңдоо", "Автосервис: бардык түрдөгү оңдоо"],
    en: ["Engine and suspension repair"],
  },
  "body-paint": {
    ru: ["Кузовной ремонт и покраска", "Покраска авто в камере", "Рихтовка без покраски"],
    ky: ["Кузов оңдоо жана боёо"],
    en: ["Body repair and paint"],
  },
  tuning: {
    ru: ["Тюнинг и шумоизоляция", "Чип-тюнинг, установка оптики"],
    ky: ["Тюнинг жана үн өткөрбөгүч"],
    en: ["Tuning and sound insulation"],
  },
  wash: {
    ru: ["Автомойка 24/7, химчистка салона", "Детейлинг и полировка кузова"],
    ky: ["Автожуугуч 24/7, салонду тазалоо"],
    en: ["Car wash and interior detailing"],
  },
  cargo: {
    ru: ["Грузоперевозки по городу и регионам", "Переезды, грузчики, Портер и Газель"],
    ky: ["Шаар ичинде жана облустарга жүк ташуу"],
    en: ["Cargo transport across Kyrgyzstan"],
  },
  taxi: {
    ru: ["Такси в аэропорт Манас", "Межгород: Бишкек — Ош, Бишкек — Каракол"],
    ky: ["Манас аэропортуна такси", "Шаарлар аралык такси"],
    en: ["Airport taxi, intercity trips"],
  },
  "tow-truck": {
    ru: ["Эвакуатор круглосуточно", "Эвакуатор по городу и межгород"],
    ky: ["Эвакуатор 24 саат"],
    en: ["Tow truck 24/7"],
  },
  rental: {
    ru: ["Аренда авто без водителя", "Прокат внедорожников для поездок в горы"],
    ky: ["Айдоочусуз унаа ижарага"],
    en: ["Car rental without a driver"],
  },
  keys: {
    ru: ["Изготовление автоключей и чип-ключей", "Вскрытие авто, замена замков"],
    ky: ["Унаа ачкычтарын жасоо"],
    en: ["Car keys and chip keys made"],
  },
  "driving-school": {
    ru: ["Автошкола: категории B и C", "Уроки вождения с инструктором"],
    ky: ["Айдоочулук мектеби: B жана C категориялары"],
    en: ["Driving school, categories B and C"],
  },
  diagnostics: {
    ru: ["Компьютерная диагностика авто", "Диагностика ходовой и электрики"],
    ky: ["Унааны компьютердик текшерүү"],
    en: ["Computer diagnostics"],
  },
  tyres: {
    ru: ["Шиномонтаж и балансировка", "Сезонное хранение шин"],
    ky: ["Шиномонтаж жана балансировка"],
    en: ["Tyre fitting and balancing"],
  },
  parts: {
    ru: ["Запчасти на японские авто в наличии и под заказ", "Авторазбор: б/у запчасти"],
    ky: ["Япон унааларына запчасттар"],
    en: ["Spare parts for Japanese cars"],
  },
  wanted: {
    ru: ["Куплю авто в любом состоянии", "Срочный выкуп автомобилей"],
    ky: ["Каалаган абалдагы унааны сатып алам"],
    en: ["Buying cars in any condition"],
  },
  other: {
    ru: ["Автоэлектрик с выездом", "Установка газового оборудования"],
    ky: ["Көчмө автоэлектрик"],
    en: ["Mobile auto electrician"],
  },
};

export const serviceSentences: Record<Language, string[]> = {
  ru: [
    "Работаем без выходных.",
    "Гарантия на все работы.",
    "Опытные мастера, стаж более 10 лет.",
    "Оригинальные и качественные аналоги запчастей.",
    "Выезд мастера по городу.",
    "Цены договорные, звоните.",
    "Оплата наличными и переводом.",
    "Запись по телефону или в чате.",
    "Принимаем корпоративных клиентов.",
  ],
  ky: [
    "Дем алыш күнсүз иштейбиз.",
    "Бардык иштерге кепилдик берилет.",
    "Тажрыйбалуу усталар.",
    "Шаар ичинде чыгып беребиз.",
    "Баасы келишим боюнча.",
    "Телефон же чат аркылуу жазылыңыз.",
  ],
  en: ["Open seven days a week.", "All work guaranteed.", "Experienced staff.", "Call or write in the chat."],
};

export const workingHours = [
  "Пн–Сб 9:00–19:00",
  "Ежедневно 8:00–22:00",
  "Круглосуточно",
  "Дүйшөмбү–Жума 9:00–18:00",
];

export const streets = [
  "ул. Ахунбаева",
  "пр. Чуй",
  "ул. Токтогула",
  "пр. Жибек Жолу",
  "ул. Фучика",
  "ул. Льва Толстого",
  "пр. Мира",
  "ул. Калыка Акиева",
  "ул. Курманжан Датки",
  "ул. Ленина",
];
