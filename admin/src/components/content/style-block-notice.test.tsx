import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderSignedIn, stubApi } from '../../test/render';
import { StyleBlockNotice } from './style-block-notice';

const PROBLEM = 'This style block was not applied: @source inline("p-{0..100000}") makes 100,001 classes';

describe('StyleBlockNotice', () => {
  it("shows the server's reason when the content's style block is left out of the site", async () => {
    const calls = stubApi({ 'POST /site-styles/check': () => ({ problem: PROBLEM }) });
    renderSignedIn(
      <StyleBlockNotice html={'<style type="text/tailwindcss">@source inline("p-{0..100000}");</style>'} />,
    );
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(PROBLEM);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /site-styles/check']);
  });

  it('asks nothing and shows nothing for content without style blocks', () => {
    const calls = stubApi({});
    renderSignedIn(<StyleBlockNotice html="<p class='text-lg'>Sail</p>" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toEqual([]);
  });
});
