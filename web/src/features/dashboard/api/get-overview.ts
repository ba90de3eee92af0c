import { fetchUserAttributes } from 'aws-amplify/auth';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export interface Profile {
  name: string | null;
  email: string;
}

/** The signed-in user's name and email, as Cognito holds them. */
export async function getProfile(): Promise<Profile> {
  const attributes = await fetchUserAttributes();
  return { name: attributes.name?.trim() || null, email: attributes.email ?? '' };
}

const StatusListSchema = z.object({ items: z.array(z.object({ status: z.string() })) });

export interface Overview {
  activeGoals: number;
  pendingTasks: number;
}

/** How many goals are active and how many tasks are not completed. */
export async function getOverview(): Promise<Overview> {
  const [goals, tasks] = await Promise.all([
    apiRequest('/api/goals', { signedIn: true, schema: StatusListSchema }),
    apiRequest('/api/tasks', { signedIn: true, schema: StatusListSchema }),
  ]);
  return {
    activeGoals: goals.items.filter((goal) => goal.status === 'active').length,
    pendingTasks: tasks.items.filter((task) => task.status !== 'completed').length,
  };
}
