import { FRX_TAG_STYLE, type FrxTagStyle, type ReportObjectType } from '@shutter/contract';

/**
 * The reasons a thing may be reported for, and their words: kept by the service so that operators
 * change them without a new client. A reason either narrows into more precise ones, asks who is
 * targeted, shows the policy first, or is final.
 */
export interface Reason {
  tag_type: string;
  text: string;
  subtext?: string;
  /** Only for these types of things (all when absent). */
  only?: readonly ReportObjectType[];
  /** A second choice that narrows this one. */
  narrow?: { title: string; style: FrxTagStyle; reasons: Reason[] };
  /** Asks who is targeted before filing. */
  victim?: { title: string };
  /** Shows what the rule says, with a help page, before filing. */
  education?: { title: string; body: string[]; link: { text: string; url: string } };
}

const leaf = (tag_type: string, text: string, subtext?: string): Reason => ({ tag_type, text, ...(subtext ? { subtext } : {}) });

export const REASONS: readonly Reason[] = [
  leaf('spam', "It's spam"),
  {
    tag_type: 'nudity', text: 'Nudity or sexual activity',
    narrow: {
      title: 'What kind of nudity or sexual activity?', style: FRX_TAG_STYLE.tags,
      reasons: [
        leaf('nudity_adult', 'Adult nudity or sexual activity'),
        leaf('nudity_sharing_private_images', 'Sharing private images'),
        leaf('nudity_sexual_exploitation', 'Sexual exploitation or solicitation'),
        leaf('nudity_involves_a_child', 'Involves a child'),
      ],
    },
  },
  {
    tag_type: 'hate_speech', text: 'Hate speech or symbols',
    narrow: {
      title: 'Who is the hate speech directed at?', style: FRX_TAG_STYLE.radioButtons,
      reasons: [
        leaf('hate_speech_race', 'Race or ethnicity'),
        leaf('hate_speech_national_origin', 'National origin'),
        leaf('hate_speech_religion', 'Religious affiliation'),
        leaf('hate_speech_sexual_orientation', 'Sexual orientation'),
        leaf('hate_speech_gender', 'Sex or gender identity'),
        leaf('hate_speech_disability', 'Disability or disease'),
        leaf('hate_speech_other', 'Something else'),
      ],
    },
  },
  {
    tag_type: 'violence', text: 'Violence or dangerous organizations',
    narrow: {
      title: 'What kind of violence?', style: FRX_TAG_STYLE.radioButtons,
      reasons: [
        leaf('violence_threat', 'Violent threat'),
        leaf('violence_dangerous_organizations', 'Dangerous organizations or individuals'),
        leaf('violence_graphic', 'Graphic violence'),
        leaf('violence_animal_abuse', 'Animal abuse'),
      ],
    },
  },
  { tag_type: 'bullying', text: 'Bullying or harassment', victim: { title: 'Who is being bullied or harassed?' } },
  {
    tag_type: 'illegal_goods', text: 'Selling illegal or regulated goods',
    narrow: {
      title: 'What is being sold?', style: FRX_TAG_STYLE.radioButtons,
      reasons: [
        leaf('illegal_goods_drugs', 'Drugs'),
        leaf('illegal_goods_weapons', 'Firearms or weapons'),
        leaf('illegal_goods_animals', 'Animals'),
        leaf('illegal_goods_other', 'Something else'),
      ],
    },
  },
  leaf('intellectual_property', 'Intellectual property violation', 'Copyright or trademark'),
  {
    tag_type: 'self_injury', text: 'Suicide or self-injury',
    education: {
      title: 'Suicide or self-injury',
      body: [
        "We remove posts that encourage or promote suicide, self-injury or eating disorders. We don't remove people sharing their own experience to get support.",
        "If someone is in immediate danger, call your local emergency services. You don't have to go through this alone: trained people at a helpline can listen.",
      ],
      link: { text: 'Find a helpline', url: 'https://findahelpline.com/' },
    },
  },
  leaf('scam', 'Scam or fraud'),
  {
    tag_type: 'false_information', text: 'False information',
    education: {
      title: 'False information',
      body: [
        "We don't remove false information, but we show it less in feeds and explore so fewer people see it.",
        'Independent fact-checkers review posts people report and label the ones they rate false, with a link to their article.',
      ],
      link: { text: 'How fact-checking works', url: 'https://www.poynter.org/ifcn/' },
    },
  },
  { tag_type: 'impersonation', text: 'Pretending to be someone', only: ['user'], victim: { title: 'Who are they pretending to be?' } },
  { ...leaf('under_13', 'May be under the age of 13'), only: ['user'] },
  { ...leaf('dont_like', "I just don't like it"), only: ['direct_message'] },
];

/** The words of each object type in titles ("Why are you reporting this post?"). */
export const THING_WORDS: Record<ReportObjectType, string> = {
  media: 'post',
  user: 'account',
  comment: 'comment',
  story: 'story',
  direct_message: 'message',
};

/** Every reason by its tag type, with the reason it narrows (if any). */
const BY_TAG = new Map<string, { reason: Reason; parent: Reason | null }>();
for (const reason of REASONS) {
  BY_TAG.set(reason.tag_type, { reason, parent: null });
  for (const child of reason.narrow?.reasons ?? []) BY_TAG.set(child.tag_type, { reason: child, parent: reason });
}

export const reasonOf = (tagType: string) => BY_TAG.get(tagType);

/** The reasons offered first for this type of thing. */
export const topReasons = (type: ReportObjectType) => REASONS.filter((r) => !r.only || r.only.includes(type));

/** Whether the tag names a reason of this type of thing (at any level). */
export function isReasonOf(type: ReportObjectType, tagType: string): boolean {
  const found = BY_TAG.get(tagType);
  if (!found) return false;
  const top = found.parent ?? found.reason;
  return !top.only || top.only.includes(type);
}

/** A reason in words, the way a moderator reads it: "Hate speech or symbols: Religious affiliation". */
export function reasonText(tagType: string): string {
  const found = BY_TAG.get(tagType);
  if (!found) return tagType;
  return found.parent ? `${found.parent.text}: ${found.reason.text}` : found.reason.text;
}
