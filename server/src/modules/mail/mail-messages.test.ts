import { describe, expect, it } from 'vitest';
import { inquiryMessage } from './mail-messages.js';

describe('the message telling staff of an inquiry', () => {
  const inquiry = {
    id: 7,
    name: 'Ann Walker',
    email: 'ann@example.com',
    phone: null,
    subject: 'Tour: Harbour Walk',
    message: 'Four of us, please.',
    tour: 'Harbour Walk',
  };

  it('names the date and the party of a booking request in its subject and body', () => {
    const message = inquiryMessage(
      { ...inquiry, booking: { date: '2099-05-02 09:30', party: '4 adults, 1 child' } },
      'https://admin.example',
    );
    expect(message.subject).toBe('New booking request for 2099-05-02 09:30 about Harbour Walk from Ann Walker');
    expect(message.body).toContain('Date requested: 2099-05-02 09:30\nParty: 4 adults, 1 child\n');
  });

  it('says nothing of dates for a plain inquiry', () => {
    const message = inquiryMessage({ ...inquiry, booking: null }, 'https://admin.example');
    expect(message.subject).toBe('New inquiry about Harbour Walk from Ann Walker');
    expect(message.body).not.toContain('Date requested');
  });
});
