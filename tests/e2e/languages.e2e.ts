import { expect, test, type Page } from '@playwright/test';
import type { Language } from '../../shared/languages';
import { createAccount, PASSWORD } from './support/accounts';
import { signedInAccount } from './support/app-data';
import { englishOnPage } from './support/languages';

type Spoken = Exclude<Language, 'en'>;

/** What each walk expects to read: the browser's language tag, and a heading of each page. */
const WALKS: Record<Spoken, { locale: string; headings: Record<string, string>; signIn: string; data: { goal: string; task: string; event: string } }> = {
  es: {
    locale: 'es-ES',
    signIn: 'Iniciar sesión',
    headings: {
      '/dashboard': 'Hola de nuevo',
      '/goals': 'Objetivos',
      '/tasks': 'Tareas',
      '/calendar': 'Calendario',
      '/trash': 'Papelera',
      '/settings': 'Ajustes',
    },
    data: { goal: 'Correr una media maratón', task: 'Comprar zapatillas', event: 'Dentista' },
  },
  fr: {
    locale: 'fr-FR',
    signIn: 'Se connecter',
    headings: {
      '/dashboard': 'Bon retour',
      '/goals': 'Objectifs',
      '/tasks': 'Tâches',
      '/calendar': 'Agenda',
      '/trash': 'Corbeille',
      '/settings': 'Paramètres',
    },
    data: { goal: 'Courir un semi-marathon', task: 'Acheter des chaussures', event: 'Dentiste' },
  },
  de: {
    locale: 'de-DE',
    signIn: 'Anmelden',
    headings: {
      '/dashboard': 'Willkommen zurück',
      '/goals': 'Ziele',
      '/tasks': 'Aufgaben',
      '/calendar': 'Kalender',
      '/trash': 'Papierkorb',
      '/settings': 'Einstellungen',
    },
    data: { goal: 'Einen Halbmarathon laufen', task: 'Laufschuhe kaufen', event: 'Zahnarzt' },
  },
};

async function expectNoEnglish(page: Page, language: Spoken) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  expect(await englishOnPage(page, language)).toEqual([]);
}

for (const language of ['es', 'fr', 'de'] as const) {
  const walk = WALKS[language];

  test.describe(`in ${walk.locale}`, () => {
    test.use({ locale: walk.locale });

    test(`a visitor whose browser prefers ${language} reads landing, sign-in and every page of the app with no English left`, async ({ page, request }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoEnglish(page, language);

      await page.goto('/login');
      await expect(page.getByRole('button', { name: walk.signIn, exact: true })).toBeVisible();
      await expectNoEnglish(page, language);

      // The account speaks the language too; its items are in it, and one is in the trash.
      const { api } = await signedInAccount(page, request, `walk-${language}`, null);
      await api.put('/api/settings', { lang: language, calendar_start_hour: 8 });
      const goal = await api.create('goals', { title: walk.data.goal, tags: [] });
      await api.create('tasks', { title: walk.data.task, goal_id: goal.id, due_date: new Date(Date.now() + 2 * 86_400_000).toISOString() });
      const start = new Date();
      start.setUTCHours(10, 0, 0, 0);
      await api.create('events', { title: walk.data.event, start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString() });
      const gone = await api.create('tasks', { title: walk.data.task.split(' ')[0]! });
      await api.remove('tasks', gone.id);

      for (const [path, heading] of Object.entries(walk.headings)) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // The page's data has arrived (its item, or the form) before the words are read.
        if (path === '/goals') await expect(page.getByText(walk.data.goal)).toBeVisible();
        if (path === '/tasks' || path === '/trash')
          await expect(page.getByText(walk.data.task.split(' ')[0]!, { exact: path === '/trash' }).first()).toBeVisible();
        if (path === '/calendar') await expect(page.getByText(walk.data.event).first()).toBeVisible();
        if (path === '/settings')
          await expect(page.getByRole('button', { name: /Guardar ajustes|Enregistrer les paramètres|Einstellungen speichern/ })).toBeVisible();
        await expectNoEnglish(page, language);
      }
    });
  });
}

test('signed out the switcher changes the language; signed in the account’s language wins, on every device, and the sidebar saves a new one', async ({
  page,
  browser,
  request,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible();

  // An account in English: once signed in, English, whatever this browser showed before.
  const email = await createAccount(request, 'lang-switch');
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The sidebar's switcher saves only the language, and says so in the new one.
  await page.getByRole('complementary').getByLabel('Language').selectOption('fr');
  await expect(page.getByText('Paramètres mis à jour')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Bon retour/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

  // Another device, whose browser prefers Spanish, signs in to the same account: French now.
  const other = await browser.newContext({ locale: 'es-ES' });
  const phone = await other.newPage();
  await phone.goto('/login');
  await expect(phone.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
  await phone.getByLabel('Correo electrónico').fill(email);
  await phone.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(phone.getByRole('heading', { name: /^Bon retour/ })).toBeVisible();
  await other.close();
});
