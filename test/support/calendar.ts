/** A calendar file's events as ical.js (Mozilla's parser) reads them, times as UTC instants: the unit, API and browser tests share it. */
import ICAL from 'ical.js';

export function calendarEvents(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      sequence: event.sequence,
      tzid: component.getFirstProperty('dtstart')?.getParameter('tzid'),
      url: component.getFirstPropertyValue('url'),
      starts_at: event.startDate.toJSDate().toISOString(),
      ends_at: event.endDate.toJSDate().toISOString(),
    };
  });
}
