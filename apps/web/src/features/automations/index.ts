/** What other features use: an edition's automatic mail (the editions drawer) and the profile's reminders switch. */
export { EditionAutomations } from './components/edition-automations.tsx';
export { RemindersSwitch } from './components/reminders-switch.tsx';
