import { brand } from "./site";

/**
 * The video hub. An entry without `youtubeId` is not published yet: its card says "Coming soon" and
 * has no play button. Thumbnails are local SVG files (no request to YouTube before a click).
 */
export type Video = {
  id: string;
  title: string;
  duration: string;
  /** Local image, 16:9. */
  thumbnail: string;
  description: string;
  youtubeId?: string;
  /** Who made it, when it is not Forge. */
  source?: string;
};

export type VideoCategory = { id: string; title: string; description: string; videos: Video[] };

const thumb = (name: string) => `/images/videos/${name}.svg`;
export const thumbnailSize = { width: 640, height: 360 } as const;

const hubermanEssentials: Video = {
  id: "optimize-testosterone-essentials",
  title: "How to Optimize Testosterone & Estrogen (Essentials)",
  duration: "About 35 min",
  thumbnail: thumb("hormone-essentials"),
  description:
    "Sleep, breathing, light, heat and cold, training order, and what supplements such as tongkat ali can and cannot do.",
  youtubeId: "v4HRWgwjP_k",
  source: "Huberman Lab",
};

const hubermanFull: Video = {
  id: "optimize-testosterone-full",
  title: "The Science of How to Optimize Testosterone & Estrogen",
  duration: "1 h 58 min",
  thumbnail: thumb("hormone-science"),
  description:
    "The full episode: where testosterone comes from, the behaviours that raise and lower it, SHBG, and when to get blood work.",
  youtubeId: "qJXKhu5UZwk",
  source: "Huberman Lab",
};

export const videoCategories: readonly VideoCategory[] = [
  {
    id: "science",
    title: "Testosterone science",
    description: "How the hormone works and what moves it.",
    videos: [
      hubermanEssentials,
      hubermanFull,
      {
        id: "reading-your-results",
        title: "Reading your test kit results",
        duration: "6 min",
        thumbnail: thumb("reading-results"),
        description: "What total testosterone means, the reference range, and how to retest like for like.",
      },
    ],
  },
  {
    id: "training",
    title: "Training",
    description: "Lifting and conditioning that work with your hormones.",
    videos: [
      {
        id: "compound-lifts",
        title: "The big compound lifts, done right",
        duration: "12 min",
        thumbnail: thumb("compound-lifts"),
        description: "Squat, deadlift, press and row: form cues and how to load them week by week.",
      },
      {
        id: "cardio-order",
        title: "Cardio and lifting: which comes first",
        duration: "8 min",
        thumbnail: thumb("cardio-order"),
        description: "How to sequence endurance and resistance work in one week.",
      },
      {
        id: "recovery-week",
        title: "Deload weeks and recovery",
        duration: "7 min",
        thumbnail: thumb("recovery"),
        description: "When to back off, and how to come back stronger.",
      },
    ],
  },
  {
    id: "lifestyle",
    title: "Sleep, food and stress",
    description: "The basics that every supplement sits on.",
    videos: [
      {
        id: "sleep-basics",
        title: "Sleep like it matters",
        duration: "9 min",
        thumbnail: thumb("sleep"),
        description: "A simple evening routine for deeper, longer sleep.",
      },
      {
        id: "eat-for-it",
        title: "Eating for strength",
        duration: "11 min",
        thumbnail: thumb("nutrition"),
        description: "Protein, fats, zinc and vitamin D from food first.",
      },
      {
        id: "stress-reset",
        title: "A ten-minute stress reset",
        duration: "10 min",
        thumbnail: thumb("stress"),
        description: "Breathing and walking drills for a calmer day.",
      },
    ],
  },
];

/** The home page's three videos. */
export const homeVideos: readonly Video[] = videoCategories[0]?.videos ?? [];

/**
 * The hub's first card. Our pick for a first video, not "most popular": no view counts stand behind
 * it (issue 32 item 4).
 */
export const startingVideo: Video = hubermanEssentials;

/** What every outside video says beside it, wherever it is shown (home and `/videos`). */
export const notAffiliated = (who: string) =>
  `${who} is not affiliated with ${brand.name} and does not endorse it.`;

export const featuredHost = {
  name: "Andrew Huberman, Ph.D.",
  role: "Host of the Huberman Lab podcast; professor of neurobiology and ophthalmology at Stanford School of Medicine",
  text: "His episodes on hormones walk through the studies behind sleep, light, training and supplements. We link his public episodes because they explain the basics well.",
  disclosure: notAffiliated("Andrew Huberman"),
} as const;

export const videoSeries = [
  {
    level: "Beginner series",
    title: "Foundations",
    text: "Five short lessons: testing, sleep, lifting basics, food and your first cycle.",
    lessons: "5 lessons",
    button: "Start Beginner Series",
  },
  {
    level: "Advanced series",
    title: "Dialed In",
    text: "Programming, deloads, retesting and reading your numbers across cycles.",
    lessons: "6 lessons",
    button: "Start Advanced Series",
  },
] as const;

export const videoHub = {
  eyebrow: "Video hub",
  lead: "Short guides on testosterone, training, sleep and food. Videos load from YouTube only when you press play.",
  startingLabel: "Where to start",
  hostLabel: "Featured episode",
  seriesTitle: "Series",
} as const;
