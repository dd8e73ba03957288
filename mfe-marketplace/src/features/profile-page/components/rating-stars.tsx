/** Five stars filled to the rating (to the half star), announced as 'Rated 4.5 out of 5'. */
export function RatingStars({ rating, count }: { rating: number | null; count?: number }) {
  if (rating === null) return <span className="gs-rating gs-rating--none">No ratings yet</span>;
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span className="gs-rating">
      <span className="gs-rating__stars" role="img" aria-label={`Rated ${rounded} out of 5`}>
        {[1, 2, 3, 4, 5].map((star) => (
          <span
            key={star}
            aria-hidden="true"
            className="gs-rating__star"
            data-fill={rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty'}
          >
            ★
          </span>
        ))}
      </span>
      <span className="gs-rating__value" aria-hidden="true">
        {rounded.toFixed(1)}
      </span>
      {count !== undefined ? (
        <span className="gs-rating__count">
          ({count} {count === 1 ? 'review' : 'reviews'})
        </span>
      ) : null}
    </span>
  );
}
