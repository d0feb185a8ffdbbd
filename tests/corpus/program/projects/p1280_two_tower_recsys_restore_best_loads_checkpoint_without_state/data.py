"""Synthetic implicit feedback: users and items belong to taste clusters, users click items of their own cluster."""
import torch


class Interactions:
    def __init__(self, num_users, num_items, num_clusters, seed=0):
        self.gen = torch.Generator().manual_seed(seed)
        self.user_cluster = torch.randint(0, num_clusters, (num_users,), generator=self.gen)
        self.item_cluster = torch.randint(0, num_clusters, (num_items,), generator=self.gen)
        self.items_of = [torch.nonzero(self.item_cluster == c).flatten() for c in range(num_clusters)]
        self.num_users, self.num_items, self.num_clusters = num_users, num_items, num_clusters
        self.user_vocab, self.item_vocab = num_users + num_clusters, num_items + num_clusters

    def user_features(self, users):
        """[user id, audience segment]; segments share the vocabulary after the ids."""
        return torch.stack([users, self.num_users + self.user_cluster[users]], dim=1)

    def item_features(self, items):
        """[item id, category]."""
        return torch.stack([items, self.num_items + self.item_cluster[items]], dim=1)

    def sample(self, batch_size):
        users = torch.randint(0, self.num_users, (batch_size,), generator=self.gen)
        items = []
        for c in self.user_cluster[users].tolist():
            pool = self.items_of[c]
            items.append(pool[torch.randint(0, len(pool), (1,), generator=self.gen)])
        items = torch.cat(items)
        return self.user_features(users), self.item_features(items)

    def relevant(self, users):
        return self.user_cluster[users][:, None] == self.item_cluster[None, :]
