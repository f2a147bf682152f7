// Where to paste the installation code in each site builder (issue 38 item 7): the texts of the
// "Add to site" popup's guide tabs, one place for all of them. Steps as each builder names its
// menus today.
export interface InstallGuide {
  id: string;
  name: string;
  steps: string[];
  /** Said under the steps: a limit of the builder worth knowing. */
  note?: string;
}

export const INSTALL_GUIDES: InstallGuide[] = [
  {
    id: 'html',
    name: 'HTML',
    steps: ['Copy the installation code.', "Open your page's HTML file in your editor.", 'Paste the code where the widget should appear, inside <body>.', 'Save and upload the page.'],
    note: 'With several widgets on one page, the script line is needed only once.',
  },
  {
    id: 'wordpress',
    name: 'WordPress',
    steps: ['Copy the installation code.', 'Edit the page or post in the block editor.', 'Click + and add a Custom HTML block where the widget should appear.', 'Paste the code into the block.', 'Click Update or Publish.'],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    steps: ['Copy the installation code.', 'In Shopify admin, go to Online Store > Themes and click Customize.', 'Open the page and click Add section > Custom Liquid where the widget should appear.', 'Paste the code into the Liquid code field.', 'Click Save.'],
  },
  {
    id: 'wix',
    name: 'Wix',
    steps: ['Copy the installation code.', 'In the Wix Editor, click Add Elements (+) > Embed Code > Embed HTML.', 'Click Enter Code, choose Code and paste the code.', 'Click Update, then drag and resize the box where the widget should appear.', 'Click Publish.'],
    note: 'Wix shows embedded code inside an iframe: give the box enough height for the whole widget.',
  },
  {
    id: 'squarespace',
    name: 'Squarespace',
    steps: ['Copy the installation code.', 'Edit the page and click Add Block (+) where the widget should appear.', 'Choose Code and paste the code, with HTML as the mode.', 'Click outside the block, then Save.'],
    note: 'Code blocks with scripts need a Core, Plus or Advanced plan (Business or Commerce on older plans).',
  },
  {
    id: 'webflow',
    name: 'Webflow',
    steps: ['Copy the installation code.', 'In the Designer, open Add (+) > Components and drag an Embed element where the widget should appear.', 'Paste the code into the code editor and click Save & Close.', 'Publish the site (embeds run on the published site, not in the Designer).'],
  },
];

export const INSTALL_TEXTS = {
  guidesTitle: 'How to install',
  guidesLabel: 'Site builders',
  shareTitle: 'Share link',
  shareHint: 'A page with this widget alone, to send or link to.',
  copyLink: 'Copy link',
  openLink: 'Open',
} as const;
