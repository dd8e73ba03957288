/**
 * The Terms of Service as data, so the /terms-and-conditions page and the shell's terms modal
 * render the same text. The rules and figures come from the spec (account §1 and §9).
 */
export type TermsBlock = string | { list: string[] };

export interface TermsSection {
  /** Anchor id of the section (the table of contents links to `#${id}`). */
  id: string;
  title: string;
  blocks: TermsBlock[];
}

export const TERMS_TITLE = 'Terms of Service';
export const TERMS_LAST_UPDATED = 'Last updated October 25, 2024';

export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of These Terms',
    blocks: [
      'These Terms of Service ("Terms") form a binding agreement between you and Guestspot ("Guestspot", "we", "us") and govern your use of the Guestspot website, applications and services (together, the "Service"), a marketplace where podcast, audio and video shows ("Shows") book interview guests ("Guests"), and where Guests pitch Shows.',
      'By creating an account, booking or accepting an appearance, or otherwise using the Service, you agree to these Terms. If you do not agree, do not use the Service.',
    ],
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    blocks: [
      'You must be 18 years of age or older to create an account or use the Service. By using the Service you confirm that you are 18 or older and that you can form a binding contract.',
      'If you use the Service on behalf of a company or other organisation, you confirm that you have authority to bind it to these Terms, and "you" includes that organisation.',
    ],
  },
  {
    id: 'accounts',
    title: 'Your Account',
    blocks: [
      'You agree to give accurate, current and complete information when you register and to keep it up to date. You are responsible for keeping your password confidential and for everything that happens under your account.',
      'Team members you invite act on your behalf within the role you give them. You remain responsible for their actions on your account and profiles.',
      'Tell us at once if you believe your account has been used without your permission.',
    ],
  },
  {
    id: 'how-it-works',
    title: 'How Guestspot Works',
    blocks: [
      'Guestspot is a venue that lets Guests and Shows find each other, agree on appearances and handle payment. Guestspot is not a party to the agreement between a Guest and a Show, does not produce any show, and does not guarantee that an interview will take place, be published, or reach any audience.',
      'A pitch is a free approach made by the party that starts it. A pitch does not guarantee an interview: the other party may answer with their full booking fee, and you may still decline.',
    ],
  },
  {
    id: 'guest-profiles',
    title: 'Guest Profiles and the Appearance Fee',
    blocks: [
      'A Guest sets an Appearance Fee for each booking option on their profile. The Appearance Fee is the amount a Show pays to book that Guest. A Guest may also offer an option for free.',
      'Guests are responsible for the accuracy of their profile, including their name, title, biography, topics, links and availability, and for appearing as agreed.',
    ],
  },
  {
    id: 'show-profiles',
    title: 'Show Profiles',
    blocks: [
      'A Show describes its programme, audience and the booking options it offers to Guests. Shows are responsible for the accuracy of their profile and statistics and for recording and publishing appearances as agreed with the Guest.',
    ],
  },
  {
    id: 'bookings',
    title: 'Bookings and Pitches',
    blocks: [
      'A booking is made when one party requests an appearance and the other accepts it. The details shown at the time of booking (date, format, price, questions and any upsells) form the terms of that appearance.',
      'Both parties agree to communicate through the Service, to keep scheduled appearances, and to reschedule or cancel only through the Service.',
    ],
  },
  {
    id: 'service-fee',
    title: 'Service Fee',
    blocks: [
      'Guestspot keeps a service fee of 20% of the Appearance Fee. The service fee is taken from the amount paid to the Guest; Shows are charged nothing by Guestspot for booking a Guest.',
      'The service fee is non-refundable, including when an appearance is later cancelled, except where the law requires otherwise.',
    ],
  },
  {
    id: 'payouts',
    title: 'Payments and Payouts',
    blocks: [
      'Payments are processed by our third-party card payment provider. To receive Appearance Fees, a Guest must connect a bank or payment account through the payout section of their settings.',
      'A Guest must connect a bank or payment account within 90 days of an appearance. If no account is connected within 90 days of the appearance, the Guest forfeits the Appearance Fee for that appearance.',
      'You are responsible for any taxes on amounts you receive through the Service.',
    ],
  },
  {
    id: 'confirmation',
    title: 'Confirmation of Appearances',
    blocks: [
      'After the scheduled date of an appearance, the Show is asked to confirm that the appearance took place. A Show must respond within 7 days of the scheduled date.',
      'If the Show does not respond within 7 days of the scheduled date, the appearance counts as confirmed and the Appearance Fee is released to the Guest.',
    ],
  },
  {
    id: 'cancellations',
    title: 'Cancellations and Disputes Between Users',
    blocks: [
      'If an appearance does not happen as agreed, the parties should first try to resolve the matter between themselves through the Service. Guestspot may, at its discretion, review a dispute and decide whether to release, hold or return a payment, and its decision is final as far as the law allows.',
    ],
  },
  {
    id: 'pro-subscription',
    title: 'Pro Subscription',
    blocks: [
      'Pro is a paid plan with additional features, such as a homepage feature, an optimised profile, audio and video pitches, customisable upsells, questions and booking flow, and search analytics for Shows.',
      'Pro costs $97 per month when billed monthly or $997 per year when billed yearly, plus any applicable taxes. A new Pro subscription includes a 14-day trial before billing begins; if you cancel before the trial ends you are not charged.',
      'Subscriptions renew automatically at the end of each billing period until cancelled. You may cancel at any time from your settings; Pro then stays active until the end of the period already paid for, and payments already made are not refunded.',
    ],
  },
  {
    id: 'grandfathered-pricing',
    title: 'Grandfathered Pricing',
    blocks: [
      'Some members subscribed to Pro at an earlier, grandfathered rate of $47 per month. That rate applies only while the subscription stays active without interruption. If a grandfathered subscription is cancelled, the grandfathered rate ends on cancellation and a later subscription is charged at the current price.',
    ],
  },
  {
    id: 'training',
    title: 'Training Bundles and Coaching',
    blocks: [
      'Guestspot may offer training bundles: courses that teach Guests how to get booked. Access to a training bundle is personal and may not be shared.',
      'A bundle that includes coaching lasts 90 days from purchase. Coaching sessions not used within those 90 days expire without refund.',
    ],
  },
  {
    id: 'refund-guarantee',
    title: 'Refund Guarantee',
    blocks: [
      'We offer a refund guarantee on one training bundle per person. You may ask for a refund for 30 days, and only when all of these conditions are met:',
      {
        list: [
          'you contacted at least 5 shows through the Service and received no reply;',
          'the shows you contacted were priced free or at $25 or less;',
          'you completed the 6-week training; and',
          'you waited 30 days after contacting those shows before asking for the refund.',
        ],
      },
      'The refund guarantee does not apply to service fees, Pro subscriptions or Appearance Fees.',
    ],
  },
  {
    id: 'referrals',
    title: 'Referral Program',
    blocks: [
      'Members who refer new people to Guestspot receive a referral share of 7% of transactions booked by the people they referred, for as long as the program runs. Referral shares are paid to the connected payout account. Self-referrals, fake accounts and referrals obtained through spam are not eligible, and we may withhold shares earned in breach of these Terms.',
    ],
  },
  {
    id: 'miniview',
    title: 'MINIVIEW Question Sets',
    blocks: [
      'MINIVIEW lets a member share a set of questions that anyone, with or without an account, can answer by recording video or audio. By recording an answer you agree that the member who shared the questions may view, keep and use your recording to evaluate you as a potential guest.',
    ],
  },
  {
    id: 'user-content',
    title: 'Your Content',
    blocks: [
      'You keep ownership of the text, images, audio, video and other material you post ("Content"). You grant Guestspot a worldwide, non-exclusive, royalty-free licence to host, store, reproduce, display and distribute your Content as needed to operate and promote the Service.',
      'You confirm that you own or have the rights to your Content and that it does not infringe anyone else\u2019s rights.',
    ],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    blocks: [
      'You agree not to:',
      {
        list: [
          'arrange or pay for appearances outside the Service with people you met through it in order to avoid the service fee;',
          'post content that is unlawful, misleading, defamatory, hateful or sexually explicit;',
          'harass, threaten or impersonate anyone;',
          'scrape, copy or resell data from the Service, or interfere with its security or operation;',
          'create accounts by automated means or under false pretences.',
        ],
      },
    ],
  },
  {
    id: 'reviews',
    title: 'Reviews and Ratings',
    blocks: [
      'After an appearance, Guests and Shows may review each other. Reviews must be honest and based on a real appearance. We may remove reviews that break these Terms but we do not edit them.',
    ],
  },
  {
    id: 'intellectual-property',
    title: 'Guestspot\u2019s Intellectual Property',
    blocks: [
      'The Service, including its software, design, text and trademarks, belongs to Guestspot and its licensors. These Terms give you no rights in it beyond the limited right to use the Service as described here.',
    ],
  },
  {
    id: 'copyright',
    title: 'Copyright Complaints and Counter-Notices',
    blocks: [
      'If you believe that content on the Service infringes your copyright, send us a notice identifying the work, the material, and your contact details, with a statement of good faith and a signature.',
      'If your content was removed after such a notice and you believe the removal was a mistake, you may send a counter-notice. Unless the complaining party tells us that it has started a court action, we restore the removed content within 10 to 14 business days after receiving a valid counter-notice.',
    ],
  },
  {
    id: 'third-parties',
    title: 'Third-Party Services',
    blocks: [
      'The Service works with third-party services such as our card payment provider, calendar providers and social networks. Your use of those services is governed by their own terms, and we are not responsible for them.',
    ],
  },
  {
    id: 'termination',
    title: 'Pausing, Suspension and Termination',
    blocks: [
      'You may pause your account, which hides your profiles and stops new bookings, or delete your account, from your settings. Pausing an account cancels a Pro subscription.',
      'We may suspend or close an account that breaks these Terms or puts other users at risk. Sections that by their nature should survive termination, including fees owed, licences to Content already published, disclaimers, limitation of liability and the time limit on claims, survive.',
    ],
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    blocks: [
      'The Service is provided "as is" and "as available". Guestspot does not vet every user, does not guarantee the quality, audience, or outcome of any appearance, and makes no warranty that the Service will be uninterrupted or error-free, to the fullest extent the law allows.',
    ],
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    blocks: [
      'To the fullest extent the law allows, Guestspot is not liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data.',
      'Guestspot\u2019s total liability to you for all claims arising from or relating to the Service or these Terms is capped at $50.',
    ],
  },
  {
    id: 'claims',
    title: 'Time Limit on Claims and Governing Law',
    blocks: [
      'Any claim arising from or relating to the Service or these Terms must be brought within 1 year after it arose; after 1 year the claim is permanently barred.',
      'These Terms are governed by the laws of the State of Delaware, without regard to its conflict-of-law rules.',
    ],
  },
  {
    id: 'changes-and-contact',
    title: 'Changes to These Terms and Contact',
    blocks: [
      'We may update these Terms. When we make material changes we will tell you through the Service or by email and ask you to accept the new Terms; using the Service after that means you accept them.',
      'Questions about these Terms can be sent through the Contact Us page.',
    ],
  },
];
