/** 概览's route: the page every sign-in opens by default (its own module so start-up code can name it without the stores). */
export const HOME_PATH = '/home';
