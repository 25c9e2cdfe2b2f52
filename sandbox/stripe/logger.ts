/** What the Stripe emulator logs through (pino's shape; any object with these two will do). */
export type EmulatorLogger = {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};
