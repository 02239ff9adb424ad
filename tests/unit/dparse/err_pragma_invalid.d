#pragma D nonsense
BEGIN {}
