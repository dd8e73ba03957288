import { fireEvent, render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Avatar } from './avatar';
import { identiconDataUri } from './identicon';

const hash = '205e460b479e2e5b48aec07710c08d50';

describe('Avatar', () => {
  it('shows the uploaded picture, described by the name', async () => {
    const { container } = render(
      <Avatar name="Ada Lovelace" src="/uploads/ada.jpg" emailHash={hash} />,
    );
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image).toHaveAttribute('src', '/uploads/ada.jpg');
    expect(image).toHaveAttribute('width', '100');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('falls back to the identicon from the email hash', async () => {
    const { container } = render(<Avatar name="Ada Lovelace" emailHash={hash} size={48} />);
    const image = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(image).toHaveAttribute('src', identiconDataUri(hash, 48));
    expect(image).toHaveAttribute('data-state', 'identicon');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('switches to the identicon when the picture fails to load', () => {
    render(<Avatar name="Ada Lovelace" src="/uploads/missing.jpg" emailHash={hash} />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    expect(screen.getByRole('img', { name: 'Ada Lovelace' })).toHaveAttribute(
      'src',
      identiconDataUri(hash, 100),
    );
  });

  it('shows initials when there is neither a picture nor a hash', async () => {
    const { container } = render(<Avatar name="Ada Lovelace" />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar).toHaveTextContent('AL');
    expect(await axe(container)).toHaveNoViolations();
  });
});
