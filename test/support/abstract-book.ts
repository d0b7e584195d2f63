/**
 * A generated programme and its abstracts for the abstract book's render test and its bench:
 * realistic lengths (250-300 words a text, 3-8 authors), names in Chinese characters, in pinyin,
 * with Polish and Turkish letters and in Arabic script. Seeded: the same book every run.
 */
import type { BookAbstract } from '#core/programme/abstract-book';
import type { PublishedProgramme, Room, Session } from '#core/programme/model';
import { cst } from '#core/time';

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Name pools by script, with their institutes: [given names, family names, institutes (institute, city, country)], weight. */
const GROUPS: { given: string[]; family: string[]; places: [string, string, string][]; weight: number }[] = [
  {
    given: ['小明', '丽', '伟', '芳', '建国', '静', '磊', '敏', '洋', '婷'],
    family: ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'],
    places: [['国家癌症中心', '北京', '中国'], ['复旦大学附属肿瘤医院', '上海', '中国'], ['河南省肿瘤医院', '郑州', '中国']],
    weight: 0.2,
  },
  {
    given: ['Wei', 'Hong', 'Jing', 'Lei', 'Min', 'Yang', 'Ting', 'Qiang', 'Xin', 'Hui'],
    family: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'],
    places: [['National Cancer Center', 'Beijing', 'China'], ['Sun Yat-sen University Cancer Center', 'Guangzhou', 'China'], ['Peking University Cancer Hospital', 'Beijing', 'China']],
    weight: 0.35,
  },
  {
    given: ['Łukasz', 'Ayşe', 'Jiří', 'Søren', 'Hương', 'Zofia', 'Çağla', 'Ana', 'Jürgen', 'João'],
    family: ['Żółćiński', 'Öztürk', 'Dvořák', 'Jørgensen', 'Nguyễn', 'Łukaszewicz', 'Şahin', 'Kovačević', 'Müller', 'Gonçalves'],
    places: [['Narodowy Instytut Onkologii', 'Warszawa', 'Poland'], ['Hacettepe Üniversitesi', 'Ankara', 'Türkiye'], ['Masarykova univerzita', 'Brno', 'Czechia'], ['Bệnh viện K', 'Hà Nội', 'Viet Nam']],
    weight: 0.15,
  },
  {
    given: ['محمد', 'فاطمة', 'أحمد', 'ليلى', 'عمر'],
    family: ['العلي', 'حداد', 'منصور', 'الزهراني', 'بن علي'],
    places: [['جامعة القاهرة', 'Cairo', 'Egypt'], ['American University of Beirut', 'Beirut', 'Lebanon'], ['Université Mohammed V', 'Rabat', 'Morocco']],
    weight: 0.05,
  },
  {
    given: ['Freddie', 'Priya', 'Kenji', 'Emma', 'John', 'Chidi', 'Maria', 'Jin', 'Sarah', 'Ana'],
    family: ['Bray', 'Silva', 'Raman', 'Tanaka', 'Johansson', 'Smith', 'Okafor', 'Garcia', 'Kim', 'Brown'],
    places: [['International Agency for Research on Cancer', 'Lyon', 'France'], ['Tata Memorial Centre', 'Mumbai', 'India'], ['Karolinska Institutet', 'Stockholm', 'Sweden'], ['Instituto Nacional de Câncer', 'Rio de Janeiro', 'Brazil']],
    weight: 0.25,
  },
];

function author(rnd: () => number) {
  let r = rnd();
  const group = GROUPS.find((g) => (r -= g.weight) < 0) ?? GROUPS[0]!;
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const [first_name, last_name] = [pick(group.given), pick(group.family)];
  const [institute, city, country] = pick(group.places);
  return { first_name, last_name, email: `${last_name}.${first_name}@example.org`.toLowerCase(), institute, city, country };
}

const WORDS = (
  'population based cancer registry incidence mortality survival data quality completeness coverage ' +
  'we analysed cases diagnosed between and in the provinces of with follow up to age standardised rates ' +
  'per 100 000 were estimated using direct method trends annual percent change joinpoint regression ' +
  'rural urban areas women men children breast lung liver stomach colorectal cervical cancers stage ' +
  'at diagnosis treatment records linkage death certificates hospital sources verification morphology'
).split(' ');

function sentence(rnd: () => number, words: number) {
  const out = Array.from({ length: words }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
  out[0] = out[0]![0]!.toUpperCase() + out[0]!.slice(1);
  return `${out.join(' ')}.`;
}

function text(rnd: () => number, words: number) {
  const sections = ['Background', 'Methods', 'Results', 'Conclusions'];
  const per = Math.floor(words / sections.length);
  return sections
    .map((label) => {
      const sentences: string[] = [];
      for (let n = 0; n < per; ) {
        const w = Math.min(8 + Math.floor(rnd() * 14), per - n);
        sentences.push(sentence(rnd, w));
        n += w;
      }
      return `${label}: ${sentences.join(' ')}`;
    })
    .join('\n');
}

export interface SampleBook {
  programme: Pick<PublishedProgramme, 'rooms' | 'sessions'>;
  abstracts: BookAbstract[];
}

/**
 * `orals` talks in oral sessions of `perOral`, `posters` posters in sessions of `perPoster`, over the
 * congress days 5-7 November; `unplaced` more accepted posters with no place.
 *
 * `publishable`: a programme the schedule checks (core/programme/checks.ts) accept, as the bench
 * publishes it: the poster sessions take turns in the poster hall at times no talk is given
 * (12:30, 17:30, 8:00: nine sessions at most), and each abstract's presenter is known apart by their address (the name
 * pools are small: two "Wang Wei" are two people). The same draws as without it: the book's
 * sample does not change.
 */
export function sampleBook(o: { orals: number; posters: number; perOral?: number; perPoster?: number; unplaced?: number; seed?: number; publishable?: boolean }): SampleBook {
  const rnd = random(o.seed ?? 2024);
  const perOral = o.perOral ?? 6;
  const perPoster = o.perPoster ?? 50;
  const rooms: Room[] = [
    { id: 'hall-a', name: 'Hall A', name_zh: 'A厅', capacity: 600 },
    { id: 'room-3', name: 'Room 3', capacity: 120 },
    { id: 'room-5', name: 'Room 5', name_zh: '5号会议室', capacity: 120 },
    { id: 'poster-hall', name: 'Poster hall', name_zh: '壁报展区', capacity: 400 },
  ];
  const abstracts: BookAbstract[] = [];
  const make = (type: 'oral' | 'poster', n: number) => {
    const id = `${type}-${n}`;
    const count = 3 + Math.floor(rnd() * 6);
    // The same person twice on one abstract is drawn again.
    const authors: ReturnType<typeof author>[] = [];
    while (authors.length < count) {
      const a = author(rnd);
      if (!authors.some((b) => b.email === a.email)) authors.push(a);
    }
    if (o.publishable) authors[0] = { ...authors[0]!, email: authors[0]!.email.replace('@', `+${id}@`) };
    abstracts.push({
      id,
      title_of_abstract: sentence(rnd, 10 + Math.floor(rnd() * 8)).slice(0, -1),
      abstract_category: 'registration.data-quality',
      authors,
      presenter_abstract: true,
      presenter_infos: [],
      keywords: 'cancer registry; incidence; survival; data quality',
      abstract_body: text(rnd, 250 + Math.floor(rnd() * 50)),
      review_outcome: { outcome: type, number: `${type === 'oral' ? 'O' : 'P'}-${String(n).padStart(3, '0')}`, published_at: cst('2024-06-25T10:00') },
    });
    return id;
  };
  const sessions: Session[] = [];
  const days = ['2024-11-05', '2024-11-06', '2024-11-07'];
  const oralIds = Array.from({ length: o.orals }, (_, i) => make('oral', i + 1));
  const posterIds = Array.from({ length: o.posters }, (_, i) => make('poster', i + 1));
  // Three rooms, four slots a day: 36 oral sessions before a room is booked twice.
  for (let i = 0; i * perOral < oralIds.length; i++) {
    const day = days[Math.floor(i / 3 / 4) % days.length]!;
    const slot = Math.floor(i / 3) % 4;
    const hour = [9, 11, 14, 16][slot]!;
    sessions.push({
      id: `oral-${i + 1}`,
      title: `Registry methods and results ${i + 1}`,
      ...(i % 2 === 0 ? { title_zh: `肿瘤登记方法与结果 ${i + 1}` } : {}),
      type: 'oral',
      room_id: ['hall-a', 'room-3', 'room-5'][i % 3]!,
      starts_at: cst(`${day}T${String(hour).padStart(2, '0')}:00`),
      ends_at: cst(`${day}T${String(hour + 1).padStart(2, '0')}:30`),
      chairs: [{ name: 'Freddie Bray' }, { name: '魏文强' }],
      talks: oralIds.slice(i * perOral, (i + 1) * perOral).map((abstract_id) => ({ abstract_id, minutes: 15 })),
      boards: [],
    });
  }
  // Publishable: a day's poster sessions one after another, none beside a talk.
  const posterSlots = [['12:30', '14:00'], ['17:30', '19:00'], ['08:00', '09:00']] as const;
  for (let i = 0; i * perPoster < posterIds.length; i++) {
    const day = days[i % days.length]!;
    const slot = posterSlots[Math.floor(i / days.length) % posterSlots.length]!;
    sessions.push({
      id: `poster-${i + 1}`,
      title: `Poster session ${i + 1}`,
      title_zh: `壁报交流 ${i + 1}`,
      type: 'poster',
      room_id: 'poster-hall',
      starts_at: cst(o.publishable ? `${day}T${slot[0]}` : `${day}T12:${String(i % 6).padStart(2, '0')}`),
      ends_at: cst(o.publishable ? `${day}T${slot[1]}` : `${day}T13:30`),
      chairs: [],
      talks: [],
      boards: posterIds.slice(i * perPoster, (i + 1) * perPoster).map((abstract_id, b) => ({ abstract_id, board: b + 1 })),
    });
  }
  for (let i = 0; i < (o.unplaced ?? 0); i++) make('poster', o.posters + i + 1);
  return { programme: { rooms, sessions }, abstracts };
}
