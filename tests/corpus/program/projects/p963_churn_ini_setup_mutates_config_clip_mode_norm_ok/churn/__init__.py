"""Customer-churn prediction on tabular features."""
