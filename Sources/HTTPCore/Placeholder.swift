// HTTPCore
