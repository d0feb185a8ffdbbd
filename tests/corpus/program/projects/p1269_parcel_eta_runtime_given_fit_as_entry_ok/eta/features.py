"""Synthetic parcels: distance, stops left on the route, depot load, hour of day, weekday, weather."""
import torch

N_NUMERIC = 4
N_HOURS, N_WEEKDAYS = 24, 7


def parcels(n, seed):
    gen = torch.Generator().manual_seed(seed)
    distance_km = 1 + 40 * torch.rand(n, generator=gen)
    stops_left = torch.randint(0, 60, (n,), generator=gen).float()
    depot_load = torch.rand(n, generator=gen)
    rain_mm = torch.relu(torch.randn(n, generator=gen)) * 3
    hour = torch.randint(0, N_HOURS, (n,), generator=gen)
    weekday = torch.randint(0, N_WEEKDAYS, (n,), generator=gen)
    rush = ((hour >= 7) & (hour <= 9)) | ((hour >= 16) & (hour <= 18))
    minutes = 2.0 * distance_km + 4.0 * stops_left + 30 * depot_load + 5 * rain_mm + 20 * rush.float()
    numeric = torch.stack([distance_km / 40, stops_left / 60, depot_load, rain_mm / 10], -1)
    return numeric, hour, weekday, minutes / 60
