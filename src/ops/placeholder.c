int zen_ops_placeholder;
