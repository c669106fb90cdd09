// local build placeholder, not committed
