// MockServer
