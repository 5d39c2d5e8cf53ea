import { fireEvent, render, screen } from '@testing-library/react';
import { EmptyState } from '@/components/EmptyState';

describe('EmptyState', () => {
  it('shows its picture, title and description', () => {
    const { container } = render(<EmptyState title="Your cart is empty" description="Items you add are shown here." />);
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(screen.getByText('Items you add are shown here.')).toBeTruthy();
    expect(container.querySelector('.empty-state__picture')).not.toBeNull();
  });

  it('calls the action when its button is pressed', () => {
    const onAction = jest.fn();
    render(<EmptyState title="Your cart is empty" actionText="Browse the menu" onAction={onAction} />);
    fireEvent.click(screen.getByText('Browse the menu'));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('shows no button when it has no action', () => {
    const { container } = render(<EmptyState title="Nothing here" />);
    expect(container.querySelector('.round-button')).toBeNull();
  });
});
