/** 概览's route: the page every sign-in opens by default (its own module so start-up code can name it without the stores). */
export const HOME_PATH = '/home';

/** 概览's screen (screens/home/overview.json), shown at HOME_PATH. */
export const HOME_SCREEN_ID = 'home.overview';
