// Simulator
