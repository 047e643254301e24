mod placement;
