#pragma D option a b
BEGIN {}
