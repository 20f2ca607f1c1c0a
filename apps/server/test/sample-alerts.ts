/**
 * A valid stock alert body for POST /alerts/publish and /alerts/create/ (publisher id left out):
 * SWING-ALERTS on MSFT, buy 100-102, targets 106/110, stop 97. Shared by the API tests and e2e.
 */
export const SAMPLE_STOCK_ALERT = {
  alert_type: 'SWING-ALERTS',
  ticker: 'MSFT',
  alert_price: 101.5,
  buy_range_low: 100,
  buy_range_high: 102,
  target_range_low: 106,
  target_range_high: 110,
  stop_loss: 97,
  rating: 4,
  embeds: [
    {
      fields: [
        { label: 'Setup', value: 'Bull flag' },
        { name: 'Risk vs Reward', value: '4.90% <-> 7.84%' },
      ],
    },
  ],
  notes: 'Scale out at target 1.',
};
