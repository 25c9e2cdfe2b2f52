/**
 * The Deep Dive's study cards in plain words: for every study in the checked facts
 * (shared/facts/ingredients.json), who was studied, the dose, how long, and what was found, written
 * from that study's fields alone (no figure that is not in them). The research shorthand of the facts
 * (TT, E2, LH, "per trade press"...) stays out: abbreviations are spelled out, notes on where a figure
 * came from are said as a shopper would understand them. Populations are named as they were (men with
 * infertility, men with low testosterone): that is who was studied, never who the product is for.
 *
 * Keyed by the study's first author and year (`studyKey`), which is unique in the facts;
 * tests/unit/content-studies.test.ts fails when a facts study has no entry here or an entry matches none.
 */
export type PlainStudy = {
  /** Who was studied, named plainly. */
  who: string;
  dose: string;
  duration: string;
  /** What was found, abbreviations spelled out. */
  finding: string;
};

/** The key of a facts study in `plainStudies`: "Pilz S 2011". */
export function studyKey(study: { author: string; year: number }): string {
  return `${study.author} ${study.year}`;
}

const review = "Varied between the studies";

export const plainStudies: Record<string, PlainStudy> = {
  // Vitamin D3
  "Pilz S 2011": {
    who: "54 overweight men low in vitamin D, taking part in a weight-loss trial",
    dose: "3,332 IU of vitamin D a day",
    duration: "12 months",
    finding:
      "Total testosterone rose from 10.7 to 13.4 nmol/L in the men given vitamin D, and did not change in the men given a placebo.",
  },
  "Lerchbaum E 2017": {
    who: "98 healthy men with testosterone of 10.4 nmol/L or more and vitamin D below 75 nmol/L",
    dose: "20,000 IU of vitamin D3 a week",
    duration: "12 weeks",
    finding: "No significant change in total testosterone.",
  },
  "Lerchbaum E 2019": {
    who: "100 healthy men with testosterone below 10.4 nmol/L and vitamin D below 75 nmol/L (94 finished the study)",
    dose: "20,000 IU of vitamin D3 a week",
    duration: "12 weeks",
    finding:
      "No significant change in total or free testosterone, in the protein that binds testosterone in the blood (sex hormone-binding globulin), in the brain's signals to the testes (luteinizing and follicle-stimulating hormone), or in estradiol, a form of estrogen.",
  },

  // Zinc
  "Prasad AS 1996": {
    who: "9 older men (average age 64) slightly low in zinc; 4 young men put on a low-zinc diet; 40 men measured once for comparison",
    dose: "About 30 mg of zinc a day, as zinc gluconate, for the older men",
    duration: "3-6 months of zinc for the older men; 20 weeks of the low-zinc diet for the young men",
    finding:
      "Once their zinc was topped up, the older men's total testosterone rose from 8.3 to 16.0 nmol/L (there was no comparison group). Cutting zinc lowered the young men's from 39.9 to 10.6 nmol/L.",
  },
  "Koehler K 2009": {
    who: "14 healthy men aged 22-33 who exercise and already got enough zinc from food (11.9-23.2 mg a day)",
    dose: "ZMA, a combination supplement that contains zinc",
    duration: "Not given in the study's summary",
    finding: "No change in total or free testosterone in the blood.",
  },
  "Shafiei Neek L 2011": {
    who: "32 male road cyclists",
    dose: "30 mg of zinc a day, with or without 200 µg of selenium",
    duration: "4 weeks",
    finding: "No significant change in total or free testosterone at rest.",
  },

  // Magnesium
  "Cinar V 2011": {
    who: "Inactive men and tae kwon do athletes",
    dose: "10 mg per kg of body weight a day (about 750 mg for a 75 kg man)",
    duration: "4 weeks",
    finding:
      "Free and total testosterone rose in both the inactive men and the athletes who took magnesium. The study was small, and not blinded: the men knew what they were taking.",
  },
  "Maggio M 2014": {
    who: "A review of earlier research in men: observational studies and trials",
    dose: "Does not apply (a review)",
    duration: "Does not apply (a review)",
    finding:
      "Found evidence that magnesium has a positive influence on how active testosterone is in the body, and called for larger studies.",
  },

  // Boron
  "Naghii MR 2011": {
    who: "8 healthy men",
    dose: "10 mg of boron a day",
    duration: "7 days",
    finding:
      "Free testosterone rose from 11.83 to 15.18 pg/mL and estradiol, a form of estrogen, fell from 42.33 to 25.81 pg/mL. There was no placebo group to compare with.",
  },
  "Green NR 1994": {
    who: "19 male bodybuilders aged 20-27",
    dose: "2.5 mg of boron a day",
    duration: "7 weeks",
    finding: "No effect on total or free testosterone compared with a placebo.",
  },

  // Ashwagandha
  "Ambiye VR 2013": {
    who: "46 men with a low sperm count",
    dose: "675 mg a day of KSM-66 root extract, in 3 doses",
    duration: "90 days",
    finding:
      "Blood hormone levels improved more than with a placebo. The figure of a 17% rise in testosterone comes from industry news reports of the study.",
  },
  "Wankhede S 2015": {
    who: "57 men aged 18-50, new to weight training, during a strength-training program",
    dose: "300 mg of root extract twice a day",
    duration: "8 weeks",
    finding:
      "Blood testosterone rose more than with a placebo. Testosterone was a side question of the study, not its main one.",
  },
  "Lopresti AL 2019": {
    who: "Overweight men aged 40-70 with mild fatigue, who took the extract and a placebo in turn (50 finished the first period)",
    dose: "Shoden, a root and leaf extract: 21 mg of withanolide glycosides a day",
    duration: "8 weeks on each",
    finding:
      "Compared with the placebo, testosterone measured in saliva rose 14.7% and the adrenal hormone DHEA-S 18%. No difference in fatigue, vigor, cortisol or estradiol.",
  },

  // Tongkat ali
  "Chinnappan SM 2021": {
    who: "105 men aged 50-70 with total testosterone below 300 ng/dL",
    dose: "100 or 200 mg a day of Physta, a water extract",
    duration: "12 weeks",
    finding:
      "Total testosterone improved more than with a placebo, and scores for ageing symptoms and fatigue fell. The extract's sponsor was among the authors.",
  },
  "Talbott SM 2013": {
    who: "63 moderately stressed adults: 32 men and 31 women",
    dose: "200 mg a day of Physta",
    duration: "4 weeks",
    finding:
      "Compared with a placebo, testosterone measured in saliva was 37% higher and the stress hormone cortisol 16% lower.",
  },
  "Leisegang K 2022": {
    who: "A review of 9 studies; 5 randomized controlled trials were pooled",
    dose: review,
    duration: review,
    finding:
      "Pooled, the trials showed a significant rise in total testosterone, also in the group of men who started with low testosterone.",
  },

  // Fenugreek
  "Rao A 2016": {
    who: "120 healthy men aged 43-75",
    dose: "600 mg a day of Testofen, a fenugreek extract",
    duration: "12 weeks",
    finding:
      "Blood testosterone rose, and scores on questionnaires about ageing symptoms and sexual function improved. The extract's sponsor funded the study.",
  },
  "Steels E 2011": {
    who: "60 healthy men aged 25-52",
    dose: "600 mg a day of Testofen, with magnesium, zinc and vitamin B6 added",
    duration: "6 weeks",
    finding:
      "Parts of a sex-drive questionnaire improved. Blood testosterone stayed within the normal range: no clear rise.",
  },
  "Mansoori A 2020": {
    who: "4 randomized controlled trials in men, pooled",
    dose: review,
    duration: review,
    finding: "A significant effect on total testosterone in the blood.",
  },

  // Shilajit
  "Pandit S 2016": {
    who: "Healthy men aged 45-55",
    dose: "250 mg of purified shilajit twice a day",
    duration: "90 days",
    finding:
      "Total testosterone, free testosterone and the adrenal hormone DHEA-S rose significantly more than with a placebo.",
  },

  // D-aspartic acid
  "Topo E 2009": {
    who: "43 men: 23 took D-aspartic acid, 20 a placebo",
    dose: "Sodium D-aspartate every day, about 3 g by another paper's account",
    duration: "12 days",
    finding:
      "More luteinizing hormone (the brain's signal to make testosterone) and more testosterone were released.",
  },
  "Melville GW 2015": {
    who: "24 men used to strength training, average age 24.5",
    dose: "3 g or 6 g a day, or a placebo",
    duration: "14 days",
    finding: "6 g a day lowered total and free testosterone; 3 g a day changed nothing.",
  },
  "Melville GW 2017": {
    who: "22 men aged 18-36 used to strength training",
    dose: "6 g a day",
    duration: "12 weeks",
    finding: "No change in total or free testosterone; estradiol, a form of estrogen, fell 16%.",
  },

  // Tribulus terrestris
  "Neychev VK 2005": {
    who: "21 healthy men aged 20-36",
    dose: "10 or 20 mg per kg of body weight a day",
    duration: "4 weeks",
    finding:
      "No difference from the placebo in testosterone, in androstenedione (a hormone the body makes testosterone from) or in luteinizing hormone.",
  },
  "Qureshi A 2014": {
    who: "A review of 11 studies: trials in people and studies in animals",
    dose: review,
    duration: review,
    finding:
      "It did not raise testosterone in people; rises were seen only with products that combined it with other ingredients.",
  },
  "Fernández-Lázaro D 2022": {
    who: "A review of 7 studies in physically active men",
    dose: review,
    duration: review,
    finding: "No clear evidence that it changes hormone levels; no toxic effects reported.",
  },

  // Mucuna pruriens
  "Shukla KK 2009": {
    who: "75 men with infertility, compared with 75 fertile men; no placebo group",
    dose: "Mucuna seed powder; the amount is not given in the study's summary",
    duration: "Not given in the study's summary (3 months in its companion study)",
    finding:
      "Testosterone and luteinizing hormone went up, follicle-stimulating hormone and prolactin went down, and sperm count and movement improved.",
  },
  "Shukla KK 2010": {
    who: "60 men with infertility under psychological stress, compared with 60 men without",
    dose: "5 g of seed powder a day",
    duration: "3 months",
    finding:
      "The study's summary does not report testosterone. The stress hormone cortisol fell, and sperm count and movement improved.",
  },

  // Panax ginseng
  "Park HJ 2016": {
    who: "80 men with infertility and a varicocele (enlarged veins in the scrotum)",
    dose: "1.5 g of Korean red ginseng a day",
    duration: "12 weeks",
    finding:
      "Semen measures improved; no difference in testosterone, luteinizing hormone or follicle-stimulating hormone.",
  },
  "Smith SJ 2021": {
    who: "A review of 32 randomized controlled trials of 13 herbs, in men 18 and over",
    dose: review,
    duration: review,
    finding:
      "Fenugreek and ashwagandha had positive effects on testosterone; for Asian red ginseng there was only some evidence.",
  },

  // Selenium
  "Safarinejad MR 2009": {
    who: "468 men with infertility of unknown cause: fewer, slower and more often misshapen sperm",
    dose: "200 µg of selenium a day, 600 mg of N-acetylcysteine a day, both, or a placebo",
    duration: "26 weeks",
    finding:
      "With selenium, N-acetylcysteine or both, blood testosterone and inhibin B (a hormone the testes make) rose and follicle-stimulating hormone fell.",
  },
  "Hawkes WC 2009": {
    who: "42 healthy men living at home",
    dose: "300 µg of selenium a day, from high-selenium yeast",
    duration: "48 weeks",
    finding: "No effect on male hormones in the blood or on semen quality.",
  },
  "Hawkes WC 2001": {
    who: "11 healthy men living on a research ward, every meal controlled",
    dose: "297 µg or 13 µg of selenium a day from food",
    duration: "99 days",
    finding:
      "Male hormones did not change. On the high-selenium diet, sperm movement fell 18-32%, the thyroid hormone triiodothyronine fell and thyroid-stimulating hormone rose.",
  },

  // Ginger
  "Mares WA 2012": {
    who: "75 men with infertility, aged 19-40; no comparison group",
    dose: "Not reported",
    duration: "3 months",
    finding:
      "Testosterone rose 17.7% and luteinizing hormone 43.2%. These figures come from other papers' accounts of the study; its own summary could not be read in full.",
  },
};
